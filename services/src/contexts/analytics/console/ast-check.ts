import { ALLOWED_AGGREGATE_FUNCTIONS, ALLOWED_SCALAR_FUNCTIONS } from './allowed-functions';
import { ANALYST_TABLE_NAMES } from './analyst-tables';
import { SqlRefused } from './refusal';

/** One line of ClickHouse's `EXPLAIN AST`: `Kind name (alias a) (children n)`, indented by depth. */
export interface AstNode {
  kind: string;
  /** What follows the kind: a table's or function's name, a literal. */
  name: string;
  depth: number;
  parent: AstNode | undefined;
  children: AstNode[];
}

/** Parses the indented text of `EXPLAIN AST` into a tree (the first line is the root). */
export function parseAst(lines: readonly string[]): AstNode {
  const root: AstNode = { kind: '', name: '', depth: -1, parent: undefined, children: [] };
  let last = root;
  for (const line of lines) {
    if (line.trim() === '') continue;
    const depth = line.length - line.trimStart().length;
    const text = line
      .trim()
      .replace(/ \(children \d+\)$/, '')
      .replace(/ \(alias [^)]*\)$/, '');
    const space = text.indexOf(' ');
    let parent = last;
    while (parent.depth >= depth) parent = parent.parent!;
    const node: AstNode = {
      kind: space === -1 ? text : text.slice(0, space),
      name: space === -1 ? '' : text.slice(space + 1),
      depth,
      parent,
      children: [],
    };
    parent.children.push(node);
    last = node;
  }
  const top = root.children[0];
  if (!top) throw new SqlRefused('Пустой запрос');
  top.parent = undefined;
  return top;
}

/**
 * Functions are allowed by name (allowed-functions.ts): anything else is refused, so a function the
 * engine gains later is closed until someone reads what it does. Matching ignores case, as ClickHouse
 * does for most of them; no refused name differs from an allowed one only in case.
 */
// _CAST is how ClickHouse writes a typed query parameter ({p:String}) into the tree it shows.
const ALLOWED_SCALAR = new Set([...ALLOWED_SCALAR_FUNCTIONS, '_CAST'].map((f) => f.toLowerCase()));
const ALLOWED_AGGREGATE = new Set(ALLOWED_AGGREGATE_FUNCTIONS.map((f) => f.toLowerCase()));
/** Aggregate combinators, which ClickHouse lets any aggregate take, stacked: sumIf, uniqArrayIf, avgState … */
const COMBINATORS = [
  'simplestate',
  'mergestate',
  'ordefault',
  'distinct',
  'resample',
  'foreach',
  'argmax',
  'argmin',
  'ornull',
  'tuple',
  'merge',
  'state',
  'array',
  'null',
  'map',
  'if',
];

export function isAllowedFunction(name: string): boolean {
  const lower = name.toLowerCase();
  return ALLOWED_SCALAR.has(lower) || isAllowedAggregate(lower);
}

/** An allowed aggregate, with any stack of combinators: sumIf, uniqArrayIf, avgState … */
function isAllowedAggregate(lower: string): boolean {
  if (ALLOWED_AGGREGATE.has(lower)) return true;
  return COMBINATORS.some(
    (suffix) =>
      lower.length > suffix.length &&
      lower.endsWith(suffix) &&
      isAllowedAggregate(lower.slice(0, -suffix.length)),
  );
}

/** IN and its kin take a table by name on the right: `x IN events` reads events without a FROM. */
const IN_FUNCTIONS = new Set([
  'in',
  'notin',
  'globalin',
  'globalnotin',
  'nullin',
  'notnullin',
  'globalnullin',
  'globalnotnullin',
]);

export interface AstCheckContext {
  /** The query's own common table expressions (static-check.ts). */
  cteNames: ReadonlySet<string>;
  /** Every table of the analytics database: a CTE may not take one's name. */
  existingTables: ReadonlySet<string>;
}

/**
 * Walks the parse tree ClickHouse made of the analyst's query: one SELECT (no FORMAT, no INTO OUTFILE,
 * no SETTINGS anywhere), every table an analyst table or the query's own CTE, no table function, no
 * function that reads outside the tables, no IN over a table by name.
 */
export function checkAst(top: AstNode, context: AstCheckContext): void {
  if (top.kind !== 'SelectWithUnionQuery') throw new SqlRefused('Разрешены только запросы SELECT и WITH');
  // The client appends the output format it reads (FORMAT JSONEachRow), seen here as a trailing
  // Identifier; anything else beside the list of SELECTs is INTO OUTFILE or another clause.
  const extra = top.children.filter((c, i) => !(i === 0 && c.kind === 'ExpressionList'));
  if (extra.some((c) => c.kind !== 'Identifier') || extra.length > 1) {
    throw new SqlRefused('INTO OUTFILE и FORMAT запрещены');
  }
  for (const name of context.cteNames) {
    if (context.existingTables.has(name) || ANALYST_TABLE_NAMES.has(name)) {
      throw new SqlRefused(`Имя ${name} занято таблицей: назовите подзапрос иначе`);
    }
  }
  const walk = (node: AstNode) => {
    checkNode(node, context);
    for (const child of node.children) walk(child);
  };
  for (const child of top.children[0]?.children ?? []) walk(child);
}

function checkNode(node: AstNode, context: AstCheckContext): void {
  switch (node.kind) {
    case 'Set':
      throw new SqlRefused('SETTINGS запрещён: ограничения задаёт сервер');
    case 'TableIdentifier': {
      const name = node.name;
      if (ANALYST_TABLE_NAMES.has(name) || context.cteNames.has(name)) return;
      // The one-row table ClickHouse itself puts under a SELECT without FROM (the analyst cannot name it:
      // static-check.ts refuses system.*); it holds a single 0.
      if (name === 'system.one') return;
      if (/^(system|information_schema)\./i.test(name)) throw new SqlRefused(`Таблицы ${name} недоступны`);
      throw new SqlRefused(`Таблица ${name} недоступна: можно читать ${[...ANALYST_TABLE_NAMES].join(', ')}`);
    }
    case 'Function': {
      const name = node.name.toLowerCase();
      if (node.parent?.kind === 'TableExpression') {
        throw new SqlRefused(`Табличная функция ${node.name} запрещена`);
      }
      if (!isAllowedFunction(name)) {
        throw new SqlRefused(`Функция ${node.name} запрещена`);
      }
      if (IN_FUNCTIONS.has(name)) {
        const right = node.children[0]?.children[1];
        if (right?.kind === 'Identifier') {
          throw new SqlRefused('Справа от IN нужен список или подзапрос, а не имя таблицы');
        }
      }
      return;
    }
    case 'TableExpression':
      return;
    default:
      // Other nodes (literals, identifiers, lists, joins, subqueries) are checked through their children.
      // A kind this walker has never seen that holds a query is checked the same way, by its children.
      return;
  }
}
