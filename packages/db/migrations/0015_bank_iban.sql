ALTER TABLE "schools" ADD COLUMN "operator_bank_iban" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "supplier_bank_iban" text;--> statement-breakpoint
-- Issue 17: accounts saved before the validation. A Czech-format account ([prefix-]number/bank code) that passes the
-- mod-11 checks gets its IBAN (CZ, check digits by mod-97, bank code, prefix in 6 and number in 10 digits), and the
-- school's own copy is normalized (no spaces, no leading zeros); anything else stays as it was, without an IBAN, and
-- a bank-transfer invoice asks for the account in the settings, where the form says what is wrong with it.
CREATE FUNCTION "volant_i17_cz_account"(acc text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN m IS NULL OR m[2] ~ '^0+$' THEN NULL
    WHEN (SELECT sum(substr(p, i, 1)::int * (ARRAY[10, 5, 8, 4, 2, 1])[i]) FROM generate_series(1, 6) i) % 11 <> 0 THEN NULL
    WHEN (SELECT sum(substr(n, i, 1)::int * (ARRAY[6, 3, 7, 9, 10, 5, 8, 4, 2, 1])[i]) FROM generate_series(1, 10) i) % 11 <> 0 THEN NULL
    ELSE ARRAY[
      CASE WHEN ltrim(p, '0') = '' THEN '' ELSE ltrim(p, '0') || '-' END || coalesce(nullif(ltrim(n, '0'), ''), '0') || '/' || m[3],
      'CZ' || lpad((98 - ((m[3] || p || n || '123500')::numeric % 97))::text, 2, '0') || m[3] || p || n
    ]
  END
  FROM (SELECT m, lpad(coalesce(m[1], '0'), 6, '0') AS p, lpad(m[2], 10, '0') AS n
        FROM (SELECT regexp_match(regexp_replace(acc, '\s', '', 'g'), '^(?:(\d{1,6})-)?(\d{2,10})/(\d{4})$') AS m) matched) parts
$$;--> statement-breakpoint
UPDATE "schools" SET "operator_bank_account" = ("volant_i17_cz_account"("operator_bank_account"))[1],
  "operator_bank_iban" = ("volant_i17_cz_account"("operator_bank_account"))[2]
  WHERE "volant_i17_cz_account"("operator_bank_account") IS NOT NULL;--> statement-breakpoint
UPDATE "invoices" SET "supplier_bank_iban" = ("volant_i17_cz_account"("supplier_bank_account"))[2]
  WHERE "volant_i17_cz_account"("supplier_bank_account") IS NOT NULL;--> statement-breakpoint
DROP FUNCTION "volant_i17_cz_account"(text);
