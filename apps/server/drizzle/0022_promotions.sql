-- Placeholder: the 0022_promotions migration is being written (issue 23).
SELECT 1;
