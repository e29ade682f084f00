-- External vendors (issue 22): filled in by the games module's change.
SELECT 1;
