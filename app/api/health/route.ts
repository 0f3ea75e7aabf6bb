/** Liveness: the process answers. It checks nothing else, so a slow database never restarts the app. */
export function GET() {
  return Response.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } });
}
