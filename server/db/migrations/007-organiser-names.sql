-- Issue 41: an organiser's name, asked when they accept an invitation (the inviter may suggest one), shown in
-- the organisers' list and used as the author of their content saves. Accounts made before keep none: their
-- e-mail address's local part stands in.
ALTER TABLE admins ADD COLUMN display_name text;
ALTER TABLE admin_invites ADD COLUMN display_name text;
