-- Issue 27: the console's members search (account, phone, name, invite code, device) over 100,000 members.
SELECT 1;
