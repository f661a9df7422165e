-- Monthly limits of new students per tier. Data, not code: an operator changes these rows. NULL = unlimited.
INSERT INTO "tier_limits" ("tier", "max_students_per_month") VALUES ('STARTER', 10), ('PREMIUM', NULL), ('ENTERPRISE', NULL)
ON CONFLICT ("tier") DO NOTHING;
