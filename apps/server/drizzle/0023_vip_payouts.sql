-- Placeholder: the VIP payouts migration is being written (issue 23).
SELECT 1;
