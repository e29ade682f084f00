-- In-play (issue 21): bets held for their delay, decided once. (Filled in by the in-play work.)
SELECT 1;
