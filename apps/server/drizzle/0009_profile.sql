ALTER TABLE "athletes" ADD COLUMN "avatar_key" text;--> statement-breakpoint
ALTER TABLE "email_tokens" ADD COLUMN "new_email" text;