-- Codes in force are six digits, which the next migration's check refuses: they are dropped, and each
-- waiting TV draws a new eight-character one at its next ask (decision 075).
UPDATE "board_devices" SET "pairing_code" = NULL, "code_expires_at" = NULL WHERE "pairing_code" IS NOT NULL;
