import { apiHandler } from '@/lib/api/api-handler';
import { queryOf } from '@/lib/api/parse-input';
import { auditQuerySchema } from '@/lib/audit/audit-schema';
import { exportAuditCsv } from '@/lib/audit/export-audit-csv';

/** `/editor/audit/audit.csv?action=&actor=&film=`: the audit log with the page's filters, as a CSV download (admins). */
export const GET = apiHandler('audit.read', async ({ request, actor }) => {
  const { action, actor: who, film } = auditQuerySchema.parse(queryOf(request));
  const csv = await exportAuditCsv({ actor, query: { action, actor: who, film } });
  return new Response(csv, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="audit-log-${new Date().toISOString().slice(0, 10)}.csv"`,
      'cache-control': 'private, no-store',
    },
  });
});
