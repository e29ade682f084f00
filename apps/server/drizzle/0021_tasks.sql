-- Placeholder: the 0021_tasks migration is being written (issue 23).
SELECT 1;
