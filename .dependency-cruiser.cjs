// The code's shape, checked by `npm run lint` (depcruise): no import cycles, type-only ones
// included, and the site's layers importing one way only.
/** @type {import("dependency-cruiser").IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment:
        "A cycle, even of types only, means two modules that are really one, or a piece that belongs in a module of its own.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    // The site's layers, as bulletproof-react draws them: app/ composes features, features use
    // the shared parts, and nothing imports upwards. The shared parts are everything in src/web
    // outside app/ and features/ (auth, components, content, language, lib, toast).
    {
      name: "no-feature-to-feature",
      comment:
        "A feature never imports another: app/ composes them, and what two features share moves down to the shared parts.",
      severity: "error",
      from: { path: "^src/web/features/([^/]+)/" },
      to: { path: "^src/web/features/", pathNot: "^src/web/features/$1/" },
    },
    {
      name: "no-feature-to-app",
      comment:
        "app/ composes the features; a feature that needs something of app/ needs it moved down.",
      severity: "error",
      from: { path: "^src/web/features/" },
      to: { path: "^src/web/app/" },
    },
    {
      name: "no-shared-part-to-feature-or-app",
      comment:
        "The shared parts (auth, components, content, language, lib, toast) serve every layer, so they import neither features nor app/.",
      severity: "error",
      from: { path: "^src/web/", pathNot: "^src/web/(app|features)/" },
      to: { path: "^src/web/(app|features)/" },
    },
    // The REST layer's stages, as PostgREST's: request/ reads the HTTP request, plan/ resolves it
    // against the schema cache, sql/ renders statements; the verbs at the top of rest/ run them.
    {
      name: "rest-request-below-plan",
      comment:
        "request/ reads the HTTP request alone: it never imports a plan or a verb (rest/*.ts handlers).",
      severity: "error",
      from: { path: "^src/server/rest/request/" },
      to: {
        path: "^src/server/rest/(plan/|(read|insert|put|update|delete|rpc|routes|execute)\\.ts$)",
      },
    },
    {
      name: "rest-stages-below-verbs",
      comment:
        "plan/ and sql/ are used by the verbs and never use one: a verb's logic that a stage needs moves down into it.",
      severity: "error",
      from: { path: "^src/server/rest/(plan|sql)/" },
      to: { path: "^src/server/rest/(read|insert|put|update|delete|rpc|routes|execute)\\.ts$" },
    },
    {
      name: "rest-sql-below-plan",
      comment: "sql/ renders plans: it reads their types, never plans itself.",
      severity: "error",
      from: { path: "^src/server/rest/sql/" },
      to: { path: "^src/server/rest/plan/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "team-parts-stay-with-the-team",
      comment:
        "components/team is what the team's pages share (the inbox and the site editor, two features that never import each other): no public page's code imports it, so none of it reaches a public page's first view.",
      severity: "error",
      from: {
        path: "^src/web/",
        pathNot:
          "^src/web/(features/(inbox|site-editor)/|components/team/|app/routes/inbox\\.tsx$)",
      },
      to: { path: "^src/web/components/team/" },
    },
    {
      name: "shared-stays-isomorphic",
      comment:
        "src/shared runs in the browser, on the server and in Node scripts: it imports only itself and packages, never either half or Node's own modules.",
      severity: "error",
      from: { path: "^src/shared/" },
      to: { pathNot: "^(src/shared/|node_modules/)" },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.tooling.json" },
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|dist|data|\\.react-router)/" },
  },
};
