CREATE INDEX "users_token_hash_idx" ON "users" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "users_read_only_token_hash_idx" ON "users" USING btree ("read_only_token_hash");