-- Placeholder: the 0020_vip migration is being written (issue 23).
SELECT 1;
