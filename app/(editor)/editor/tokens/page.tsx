import type { Metadata } from 'next';
import { actorWhoCan } from '@/lib/auth/get-actor';
import { listTokens } from '@/lib/tokens/list-tokens';
import { CreateTokenForm } from '@/components/tokens/create-token-form';
import { TokensTable } from '@/components/tokens/tokens-table';
import { AdminPage } from '@/components/admin/admin-page';

export const metadata: Metadata = { title: 'API tokens' };

export default async function TokensPage() {
  const actor = await actorWhoCan('token.manage');
  const tokens = await listTokens({ actor });
  return (
    <AdminPage
      title="API tokens"
      lead={
        <>
          Tokens let scripts use the editorial API (<a href="/api/v1/openapi.json">OpenAPI description</a>) with the role it is given
          (writer, editor or admin). A token stops working when it is revoked or when the admin who created it is disabled.
        </>
      }
    >
      <CreateTokenForm revoked={tokens.filter((token) => token.revokedAt).map((token) => token.prefix)} />
      <TokensTable tokens={tokens} />
    </AdminPage>
  );
}
