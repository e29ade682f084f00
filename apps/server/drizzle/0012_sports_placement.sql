-- Filled in by the issue 9 work (placement / settlement SQL functions).
SELECT 1;
