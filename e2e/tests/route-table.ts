// The signed-in pages, read from the web app's route table (apps/web/src/app/router.tsx), so a page added there is
// covered by the suites that walk every page without editing them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const routerFile = join(import.meta.dirname, '..', '..', 'apps', 'web', 'src', 'app', 'router.tsx');

function property(node: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  for (const prop of node.properties) {
    if (ts.isPropertyAssignment(prop) && prop.name.getText() === name) return prop.initializer;
  }
  return undefined;
}

/** True when the route's element is (or wraps) the named JSX component. */
function elementIs(route: ts.ObjectLiteralExpression, component: string): boolean {
  const element = property(route, 'element');
  if (!element) return false;
  let found = false;
  const visit = (node: ts.Node) => {
    if (
      (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) &&
      node.tagName.getText() === component
    )
      found = true;
    ts.forEachChild(node, visit);
  };
  visit(element);
  return found;
}

function join2(base: string, path: string): string {
  if (path.startsWith('/')) return path;
  return `${base.replace(/\/$/, '')}/${path}`;
}

/** The concrete paths of the routes under the first route matching `root`, left out: redirects (a Navigate
 * element), catch-alls, paths with parameters, and routes matching `skip`. */
function pathsUnder(
  root: (route: ts.ObjectLiteralExpression) => boolean,
  skip: (route: ts.ObjectLiteralExpression) => boolean = () => false,
): string[] {
  const source = ts.createSourceFile(
    routerFile,
    readFileSync(routerFile, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const paths: string[] = [];

  const collect = (route: ts.ObjectLiteralExpression, base: string) => {
    if (skip(route)) return;
    const pathNode = property(route, 'path');
    const path = pathNode && ts.isStringLiteral(pathNode) ? join2(base, pathNode.text) : base;
    const isIndex = property(route, 'index')?.kind === ts.SyntaxKind.TrueKeyword;
    const isPage = (pathNode || isIndex) && !elementIs(route, 'Navigate') && !/[*:]/.test(path);
    if (isPage && !paths.includes(path)) paths.push(path);
    const children = property(route, 'children');
    if (children && ts.isArrayLiteralExpression(children)) {
      for (const child of children.elements) if (ts.isObjectLiteralExpression(child)) collect(child, path);
    }
  };

  let found: ts.ObjectLiteralExpression | undefined;
  const find = (node: ts.Node) => {
    if (!found && ts.isObjectLiteralExpression(node) && root(node)) found = node;
    else ts.forEachChild(node, find);
  };
  find(source);
  if (!found) throw new Error(`No such route in ${routerFile}`);
  collect(found, '');
  return paths;
}

/** Every page behind sign-in (the routes under RequireAuth). */
export const signedInPaths = (): string[] => pathsUnder((route) => elementIs(route, 'RequireAuth'));

/** Every page outside it (from the root layout, leaving out the RequireAuth branch). */
export const signedOutPaths = (): string[] =>
  pathsUnder(
    (route) => elementIs(route, 'RootLayout'),
    (route) => elementIs(route, 'RequireAuth'),
  );
