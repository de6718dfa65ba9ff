-- Sign-in sessions of the birders' app (issue 11). A token or session cookie naming a session is
-- valid while its row exists, has not expired and carries the account's current token version:
-- signing out everywhere (token version bumped) ends every session, and a password change made from
-- the app ends every other session while moving its own to the new version.
CREATE TABLE "user_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_version" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE INDEX "user_sessions_user_idx" ON "user_sessions" USING btree ("user_id","expires_at");
--> statement-breakpoint
-- A birder's identification notices (kind 'renamed') are read oldest first by the app.
CREATE INDEX "birder_notices_user_kind_idx" ON "birder_notices" USING btree ("user_id","kind","created_at","id");
