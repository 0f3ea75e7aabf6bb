// @ts-check
/**
 * A real SMTP server in its own process, for tests that send mail: `node test-support/smtp-sink.mjs
 * PORT` listens on 127.0.0.1:PORT (smtp-server, any login accepted, no TLS) and writes one JSON
 * line to stdout per message received ({from, to, subject, text}, parsed with mailparser), after a
 * first line {"listening": PORT}. SIGTERM stops it.
 */
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

const port = Number(process.argv[2]);
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onAuth: (_auth, _session, callback) => callback(null, { user: 'test' }),
  onData: (stream, session, callback) => {
    simpleParser(stream)
      .then((mail) => {
        const line = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          // The HTML part, when the message has one (false otherwise, as mailparser says).
          html: typeof mail.html === 'string' ? mail.html : null,
        };
        process.stdout.write(`${JSON.stringify(line)}\n`);
        callback();
      })
      .catch((error) => callback(error));
  },
});
server.on('error', (error) => {
  process.stderr.write(`smtp-sink: ${error.message}\n`);
  process.exit(1);
});
server.listen(port, '127.0.0.1', () => process.stdout.write(`${JSON.stringify({ listening: port })}\n`));
process.once('SIGTERM', () => server.close(() => process.exit(0)));
