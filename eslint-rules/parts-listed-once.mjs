import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Only the part registry lists the page's parts. A source file that names the content keys of
 * three or more parts (`.events`, `themes:`, `'trivia'`…) is walking the page by hand, and will
 * not learn of a new part; it should derive from the registry (lib/page/parts.ts) instead.
 *
 * The keys are read from the registry's own files (lib/page/parts.ts and lib/page/parts/{id}.ts),
 * parsed, not imported: ESLint's config cannot load TypeScript. lib/page/parts-listed-once.test.ts
 * checks that what is read here is exactly the registry's `PAGE_PARTS`.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const REGISTRY = 'lib/page/parts.ts';

const parse = (file) => ts.createSourceFile(file, fs.readFileSync(path.join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);

function find(node, test) {
  if (test(node)) return node;
  return ts.forEachChild(node, (child) => find(child, test));
}

const property = (object, name) =>
  object.properties.find(
    (p) => ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && p.name.text === name,
  )?.initializer;

/**
 * One part's `id` and `keys`, from the object literal its file passes to `definePart`, or to
 * `defineListPart` (whose one `key` is its keys).
 */
function readPart(file) {
  const source = parse(file);
  const call = find(
    source,
    (n) => ts.isCallExpression(n) && ts.isIdentifier(n.expression) && ['definePart', 'defineListPart'].includes(n.expression.text),
  );
  const object = call?.arguments[0];
  if (!object || !ts.isObjectLiteralExpression(object)) throw new Error(`${file}: no definePart({ … }) or defineListPart({ … }) found`);
  const id = property(object, 'id');
  const key = property(object, 'key');
  let keys = key ? ts.factory.createArrayLiteralExpression([key]) : property(object, 'keys');
  while (keys && (ts.isAsExpression(keys) || ts.isSatisfiesExpression(keys))) keys = keys.expression;
  if (!id || !ts.isStringLiteral(id) || !keys || !ts.isArrayLiteralExpression(keys) || !keys.elements.every(ts.isStringLiteral)) {
    throw new Error(`${file}: the part's id and keys must be literal strings, so the lint can read them`);
  }
  return { id: id.text, keys: keys.elements.map((key) => key.text) };
}

/** The registry's parts in page order, `{ id, keys }` each: PAGE_PARTS's names, through their imports. */
export function readRegistry() {
  const source = parse(REGISTRY);
  const fileOf = new Map();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !statement.importClause?.namedBindings) continue;
    const bindings = statement.importClause.namedBindings;
    if (!ts.isNamedImports(bindings)) continue;
    for (const binding of bindings.elements) {
      fileOf.set(binding.name.text, `${path.posix.join(path.posix.dirname(REGISTRY), statement.moduleSpecifier.text)}.ts`);
    }
  }
  const declaration = find(source, (n) => ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.name.text === 'PAGE_PARTS');
  let list = declaration?.initializer;
  while (list && (ts.isAsExpression(list) || ts.isSatisfiesExpression(list))) list = list.expression;
  if (!list || !ts.isArrayLiteralExpression(list)) throw new Error(`${REGISTRY}: PAGE_PARTS is not an array literal`);
  return list.elements.map((element) => {
    const file = ts.isIdentifier(element) ? fileOf.get(element.text) : undefined;
    if (!file) throw new Error(`${REGISTRY}: PAGE_PARTS lists something not imported by name from a part's file`);
    return readPart(file);
  });
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');

/**
 * What tells whether a source names the parts: each part's keys, except names that tell nothing
 * about walking the page: the film's own fields (title, slug, year), which every list and link
 * shows, and `kind`, which many things have (a search document's, a value's).
 */
export function keyMatchers(parts) {
  const tooCommon = new Set([...parts[0].keys, 'kind']);
  return parts.flatMap((part) =>
    part.keys
      .filter((key) => !tooCommon.has(key))
      .map((key) => ({
        key,
        part: part.id,
        use: new RegExp(`(\\.${escape(key)}\\b|\\b${escape(key)}\\??\\s*:\\s|['"\`]${escape(key)}['"\`./])`, 'u'),
      })),
  );
}

const withoutComments = (text) => text.replace(/\/\*[\s\S]*?\*\//gu, '').replace(/^\s*\/\/.*$/gmu, '');

let registryMatchers;

/** The parts whose keys a source names (comments aside), in page order. */
export function partsNamedIn(source, matchers = (registryMatchers ??= keyMatchers(readRegistry()))) {
  const code = withoutComments(source);
  return [...new Set(matchers.filter(({ use }) => use.test(code)).map(({ part }) => part))];
}

/** @type {import('eslint').Rule.RuleModule} */
export const partsListedOnce = {
  meta: {
    type: 'suggestion',
    docs: { description: 'Only the part registry (lib/page/parts.ts) lists the film page’s parts' },
    schema: [],
    messages: {
      listed:
        'This file names the content keys of {{count}} parts ({{parts}}): it walks the page by hand and will not learn of a new part. Derive from the part registry (lib/page/parts.ts) instead.',
    },
  },
  create(context) {
    return {
      'Program:exit'(program) {
        // Comments blanked by their exact ranges (a trailing `// events, themes…` included).
        let code = context.sourceCode.text;
        for (const comment of context.sourceCode.getAllComments().toReversed()) {
          code = code.slice(0, comment.range[0]) + ' '.repeat(comment.range[1] - comment.range[0]) + code.slice(comment.range[1]);
        }
        const parts = partsNamedIn(code);
        if (parts.length >= 3) {
          context.report({
            node: program,
            loc: { line: 1, column: 0 },
            messageId: 'listed',
            data: { count: parts.length, parts: parts.join(', ') },
          });
        }
      },
    };
  },
};

/** The repository's own ESLint plugin (eslint.config.mjs: `local/…`). */
const plugin = { meta: { name: 'local' }, rules: { 'parts-listed-once': partsListedOnce } };
export default plugin;
