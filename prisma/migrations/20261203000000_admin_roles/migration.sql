-- Roles narrow what an admin may do. Every admin so far keeps full rights: the column defaults to 'admin',
-- and only an admin's deliberate choice makes someone a member (the waiting-list work) or a viewer (reading only).
ALTER TABLE "admin_users" ADD COLUMN "role" TEXT NOT NULL DEFAULT 'admin';
ALTER TABLE "admin_users" ADD CONSTRAINT "admin_users_role_check" CHECK ("role" IN ('admin', 'member', 'viewer'));
