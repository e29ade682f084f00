-- House tables (issue 22): filled in by the casino module's change.
SELECT 1;
