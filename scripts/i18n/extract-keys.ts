import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Translation keys as the code uses them, read with the TypeScript compiler (the project's own
 * dependency; i18next-parser does not run on Node 24 by its engines and i18next-cli needs 22).
 * `t` is traced to its `useTranslation(ns)`; a template key such as `queue.empty.${kind}` is
 * expanded through the type checker when `kind` is a union of string literals, so each key it can
 * make is checked; any other template becomes a prefix that marks its keys as used.
 */

export interface KeyUse {
  /** Namespaces the key is looked up in, in order (a `ns:` prefix names one). */
  namespaces: string[];
  key: string;
  file: string;
  line: number;
  /** The call gives a defaultValue: a missing key is shown as that text, not as a raw key. */
  hasDefault: boolean;
}

export interface Extraction {
  uses: KeyUse[];
  /** `ns:prefix` of keys built at run time from a value of no known set. */
  prefixes: string[];
  /** Every string literal of the sources: keys handed around as data (menu entries, codes). */
  literals: Set<string>;
  /** Identifiers and property names: keys read from imported JSON (`jp.mail.subject`). */
  identifiers: Set<string>;
}

const ROOTS = ['components', 'pages', 'lib'];

function sourceFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
    }
  };
  for (const r of ROOTS) if (fs.existsSync(path.join(root, r))) walk(path.join(root, r));
  return out;
}

/** The string values an expression can take: literals, both sides of a ?:, literal-union types. */
function valuesOf(node: ts.Expression, checker: ts.TypeChecker): string[] | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isParenthesizedExpression(node)) return valuesOf(node.expression, checker);
  if (ts.isConditionalExpression(node)) {
    const a = valuesOf(node.whenTrue, checker);
    const b = valuesOf(node.whenFalse, checker);
    return a && b ? [...a, ...b] : null;
  }
  if (ts.isTemplateExpression(node)) {
    let results = [node.head.text];
    for (const span of node.templateSpans) {
      const parts = valuesOf(span.expression, checker);
      if (!parts) return null;
      results = results.flatMap((r) => parts.map((p) => `${r}${p}${span.literal.text}`));
      if (results.length > 500) return null;
    }
    return results;
  }
  const type = checker.getTypeAtLocation(node);
  const members = type.isUnion() ? type.types : [type];
  if (members.every((m) => m.isStringLiteral())) return members.map((m) => (m as ts.StringLiteralType).value);
  return null;
}

/** `a.b.${x}.c` → `a.b.` (what a key built at run time surely starts with). */
function prefixOf(node: ts.Expression): string | null {
  if (ts.isTemplateExpression(node)) return node.head.text;
  return null;
}

function namespacesOf(call: ts.CallExpression): string[] {
  const arg = call.arguments[0];
  if (!arg) return ['common'];
  if (ts.isStringLiteral(arg)) return [arg.text];
  if (ts.isArrayLiteralExpression(arg)) return arg.elements.filter(ts.isStringLiteral).map((e) => e.text);
  return ['common'];
}

/** `const { t } = useTranslation('ns')` and `const { t: tx } = useTranslation([...])`: name → namespaces. */
function translators(file: ts.SourceFile): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const visit = (node: ts.Node) => {
    if (
      ts.isVariableDeclaration(node) &&
      node.initializer &&
      ts.isCallExpression(node.initializer) &&
      ts.isIdentifier(node.initializer.expression) &&
      node.initializer.expression.text === 'useTranslation' &&
      ts.isObjectBindingPattern(node.name)
    ) {
      for (const element of node.name.elements) {
        const property = element.propertyName && ts.isIdentifier(element.propertyName) ? element.propertyName.text : undefined;
        if ((property ?? (ts.isIdentifier(element.name) ? element.name.text : '')) === 't' && ts.isIdentifier(element.name)) {
          found.set(element.name.text, namespacesOf(node.initializer));
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function hasDefaultValue(call: ts.CallExpression): boolean {
  const options = call.arguments[1];
  if (!options) return false;
  if (ts.isStringLiteral(options)) return true;
  return (
    ts.isObjectLiteralExpression(options) &&
    options.properties.some((p) => p.name && ts.isIdentifier(p.name) && p.name.text === 'defaultValue')
  );
}

export function extractKeys(root = process.cwd()): Extraction {
  const files = sourceFiles(root);
  const program = ts.createProgram(files, {
    jsx: ts.JsxEmit.ReactJSX,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    resolveJsonModule: true,
    esModuleInterop: true,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    baseUrl: root,
    paths: { '@/*': ['./*'] },
  });
  const checker = program.getTypeChecker();
  const out: Extraction = { uses: [], prefixes: [], literals: new Set(), identifiers: new Set() };
  for (const name of files) {
    const file = program.getSourceFile(name);
    if (!file) continue;
    const bound = translators(file);
    const visit = (node: ts.Node) => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) out.literals.add(node.text);
      else if (ts.isIdentifier(node)) out.identifiers.add(node.text);
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && bound.has(node.expression.text)) {
        const namespaces = bound.get(node.expression.text)!;
        const arg = node.arguments[0];
        if (arg) {
          const line = file.getLineAndCharacterOfPosition(node.getStart()).line + 1;
          const values = valuesOf(arg, checker);
          if (values) {
            for (const value of values) {
              const [ns, key] = value.includes(':')
                ? [[value.split(':')[0]!], value.slice(value.indexOf(':') + 1)]
                : [namespaces, value];
              out.uses.push({ namespaces: ns, key, file: path.relative(root, name), line, hasDefault: hasDefaultValue(node) });
            }
          } else {
            const prefix = prefixOf(arg) ?? '';
            if (prefix.includes(':')) out.prefixes.push(prefix);
            else for (const ns of namespaces) out.prefixes.push(`${ns}:${prefix}`);
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return out;
}

/** Every key of one language's resources: `ns:a.b.c` → value. */
export function resourceKeys(root: string, lang: string): Map<string, string> {
  const dir = path.join(root, 'locales', lang);
  const keys = new Map<string, string>();
  const walk = (ns: string, prefix: string, value: unknown) => {
    if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) walk(ns, prefix ? `${prefix}.${k}` : k, v);
    } else keys.set(`${ns}:${prefix}`, String(value));
  };
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json')))
    walk(file.replace(/\.json$/, ''), '', JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')));
  return keys;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Whether a used key is in the resources (a plural key counts as its base). */
export function hasKey(keys: Map<string, string>, ns: string, key: string): boolean {
  if (keys.has(`${ns}:${key}`)) return true;
  return ['one', 'other'].some((form) => keys.has(`${ns}:${key}_${form}`));
}

export function baseKey(fullKey: string): string {
  return fullKey.replace(PLURAL, '');
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const found = extractKeys();
  console.log(JSON.stringify({ uses: found.uses.length, prefixes: found.prefixes.length }, null, 1));
}
