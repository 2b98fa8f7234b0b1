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
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.tooling.json" },
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|dist|data|\\.react-router)/" },
  },
};
