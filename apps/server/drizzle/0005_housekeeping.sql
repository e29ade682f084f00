-- Reserved for the hardening work; replaced by its real statements.
SELECT 1;
