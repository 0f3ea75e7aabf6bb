-- Issue 12, item 4: until this release an API token could reach admin server actions. What a token
-- made there is undone, each with an audit row: tokens it minted are revoked (they would outlive
-- the token that made them) and accounts it invited are disabled (an admin may enable them again
-- after checking). Data only, the schema is unchanged, and running it twice changes nothing more.

WITH minted AS (
  UPDATE "ApiToken" AS token
  SET "revokedAt" = CURRENT_TIMESTAMP
  FROM "AuditLog" AS audit
  WHERE audit."action" = 'token.create'
    AND audit."actorLabel" LIKE 'token:%'
    AND audit."details" ->> 'tokenId' = token."id"
    AND token."revokedAt" IS NULL
  RETURNING token."id", token."name", token."prefix"
)
INSERT INTO "AuditLog" ("actorLabel", "action", "subject", "details")
SELECT 'system', 'token.revoke', "name", jsonb_build_object('tokenId', "id", 'prefix', "prefix", 'reason', 'created by an API token')
FROM minted;

WITH invited AS (
  UPDATE "User" AS account
  SET "disabled" = TRUE, "sessionVersion" = account."sessionVersion" + 1, "updatedAt" = CURRENT_TIMESTAMP
  FROM "AuditLog" AS audit
  WHERE audit."action" = 'user.invite'
    AND audit."actorLabel" LIKE 'token:%'
    AND audit."details" ->> 'userId' = account."id"
    AND account."disabled" = FALSE
  RETURNING account."id", account."email"
)
INSERT INTO "AuditLog" ("actorLabel", "action", "subject", "details")
SELECT 'system', 'user.disable', "email", jsonb_build_object('userId', "id", 'reason', 'invited by an API token')
FROM invited;
