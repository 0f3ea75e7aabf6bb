import type { Metadata } from 'next';
import { forbidden } from 'next/navigation';
import { getActor } from '@/lib/auth/get-actor';
import { can } from '@/lib/auth/permissions';
import { listTokens } from '@/lib/tokens/list-tokens';
import { CreateTokenForm } from '@/components/tokens/create-token-form';
import { TokensTable } from '@/components/tokens/tokens-table';
import styles from '@/components/admin/admin.module.css';

export const metadata: Metadata = { title: 'API tokens' };

export default async function TokensPage() {
  const actor = await getActor();
  if (!actor || !can(actor, 'token.manage')) forbidden();
  const tokens = await listTokens({ actor });
  return (
    <section>
      <div className={styles.header}>
        <div>
          <h1>API tokens</h1>
          <p className={styles.lead}>
            Tokens let scripts use the editorial API (<a href="/api/v1/openapi.json">OpenAPI description</a>) as an editor or an admin. A
            token stops working when it is revoked or when the admin who created it is disabled.
          </p>
        </div>
      </div>
      <CreateTokenForm />
      <TokensTable tokens={tokens} />
    </section>
  );
}
