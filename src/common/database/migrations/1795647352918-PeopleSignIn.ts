import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * People sign in: web sessions, single-use tokens (invitations, password resets), failed sign-ins for
 * throttling, and the audit log. The audit log is append-only in the database too: a trigger refuses
 * an update of anything but the repetition count of a folded entry, and a delete that does not come from
 * deleting the organization (a cascade, run by PostgreSQL's own referential trigger).
 */
export class PeopleSignIn1795647352918 implements MigrationInterface {
  name = 'PeopleSignIn1795647352918';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "audit_entry" ("id" character varying(40) NOT NULL, "org_id" character varying(40) NOT NULL, "action" character varying(64) NOT NULL, "actor_type" character varying(20) NOT NULL, "actor_id" character varying(40), "ip" character varying(64), "user_agent" character varying(500), "target_type" character varying(40), "target_id" character varying(64), "details" jsonb NOT NULL DEFAULT '{}', "count" integer NOT NULL DEFAULT '1', "last_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_58a130a4b9da189f46ba2a01801" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_audit_entry_org_action_created" ON "audit_entry"  ("org_id", "action", "created_at") `);
    await queryRunner.query(`CREATE INDEX "ix_audit_entry_org_created" ON "audit_entry"  ("org_id", "created_at") `);
    await queryRunner.query(
      `CREATE TABLE "web_session" ("id" character varying(40) NOT NULL, "org_id" character varying(40) NOT NULL, "user_id" character varying(40) NOT NULL, "token_hash" character(64) NOT NULL, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), "last_seen_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL, "expires_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL, "ended_at" TIMESTAMP(3) WITH TIME ZONE, "ip" character varying(64), "user_agent" character varying(500), CONSTRAINT "PK_a20f923225e2b0ea32d675dc9ef" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_web_session_token_hash" ON "web_session"  ("token_hash") `);
    await queryRunner.query(`CREATE INDEX "ix_web_session_org_user" ON "web_session"  ("org_id", "user_id") `);
    await queryRunner.query(
      `CREATE TABLE "login_failure" ("id" BIGSERIAL NOT NULL, "email" character varying(320) NOT NULL, "ip" character varying(64) NOT NULL, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_5df78140d5d3f4afc249d879cdf" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_login_failure_ip" ON "login_failure"  ("ip", "created_at") `);
    await queryRunner.query(`CREATE INDEX "ix_login_failure_email" ON "login_failure"  ("email", "created_at") `);
    await queryRunner.query(
      `CREATE TABLE "user_token" ("id" character varying(40) NOT NULL, "org_id" character varying(40) NOT NULL, "user_id" character varying(40) NOT NULL, "purpose" character varying(20) NOT NULL, "token_hash" character(64) NOT NULL, "expires_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP(3) WITH TIME ZONE, "created_at" TIMESTAMP(3) WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_48cb6b5c20faa63157b3c1baf7f" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_user_token_hash" ON "user_token"  ("token_hash") `);
    await queryRunner.query(`CREATE INDEX "ix_user_token_user" ON "user_token"  ("org_id", "user_id", "purpose") `);
    await queryRunner.query(
      `ALTER TABLE "audit_entry" ADD CONSTRAINT "FK_794c7e7ce29f0ae9b26de396da8" FOREIGN KEY ("org_id") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "web_session" ADD CONSTRAINT "FK_9b23977c7b9ec5070fcf805ab07" FOREIGN KEY ("org_id") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "web_session" ADD CONSTRAINT "FK_a31729df9a76c8979b283bffd6e" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "user_token" ADD CONSTRAINT "FK_6f49557ab5f459739d13641d7b1" FOREIGN KEY ("org_id") REFERENCES "organization"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "user_token" ADD CONSTRAINT "FK_79ac751931054ef450a2ee47778" FOREIGN KEY ("user_id") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(`
      CREATE FUNCTION audit_entry_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          IF pg_trigger_depth() > 1 THEN
            RETURN OLD;
          END IF;
          RAISE EXCEPTION 'audit entries are append-only';
        END IF;
        IF (NEW.id, NEW.org_id, NEW.action, NEW.actor_type, NEW.actor_id, NEW.ip, NEW.user_agent, NEW.target_type, NEW.target_id, NEW.details, NEW.created_at)
           IS DISTINCT FROM (OLD.id, OLD.org_id, OLD.action, OLD.actor_type, OLD.actor_id, OLD.ip, OLD.user_agent, OLD.target_type, OLD.target_id, OLD.details, OLD.created_at) THEN
          RAISE EXCEPTION 'audit entries are append-only';
        END IF;
        RETURN NEW;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER audit_entry_append_only BEFORE UPDATE OR DELETE ON "audit_entry" FOR EACH ROW EXECUTE FUNCTION audit_entry_append_only()`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER audit_entry_append_only ON "audit_entry"`);
    await queryRunner.query(`DROP FUNCTION audit_entry_append_only()`);
    await queryRunner.query(`ALTER TABLE "user_token" DROP CONSTRAINT "FK_79ac751931054ef450a2ee47778"`);
    await queryRunner.query(`ALTER TABLE "user_token" DROP CONSTRAINT "FK_6f49557ab5f459739d13641d7b1"`);
    await queryRunner.query(`ALTER TABLE "web_session" DROP CONSTRAINT "FK_a31729df9a76c8979b283bffd6e"`);
    await queryRunner.query(`ALTER TABLE "web_session" DROP CONSTRAINT "FK_9b23977c7b9ec5070fcf805ab07"`);
    await queryRunner.query(`ALTER TABLE "audit_entry" DROP CONSTRAINT "FK_794c7e7ce29f0ae9b26de396da8"`);
    await queryRunner.query(`DROP INDEX "public"."ix_user_token_user"`);
    await queryRunner.query(`DROP INDEX "public"."uq_user_token_hash"`);
    await queryRunner.query(`DROP TABLE "user_token"`);
    await queryRunner.query(`DROP INDEX "public"."ix_login_failure_email"`);
    await queryRunner.query(`DROP INDEX "public"."ix_login_failure_ip"`);
    await queryRunner.query(`DROP TABLE "login_failure"`);
    await queryRunner.query(`DROP INDEX "public"."ix_web_session_org_user"`);
    await queryRunner.query(`DROP INDEX "public"."uq_web_session_token_hash"`);
    await queryRunner.query(`DROP TABLE "web_session"`);
    await queryRunner.query(`DROP INDEX "public"."ix_audit_entry_org_created"`);
    await queryRunner.query(`DROP INDEX "public"."ix_audit_entry_org_action_created"`);
    await queryRunner.query(`DROP TABLE "audit_entry"`);
  }
}
