-- Cash out (issue 21): quotes taken by members, full and partial. (Filled in by the cash-out work.)
SELECT 1;
