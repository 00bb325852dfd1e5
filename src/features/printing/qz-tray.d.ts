/** qz-tray has no types of its own; see qz-types.ts. Only agent.ts loads it, with import(). */
declare module 'qz-tray' {
  // An ambient module cannot `import` a relative path; an import() type is the way to reach it.
  // eslint-disable-next-line @typescript-eslint/consistent-type-imports
  const qz: import('./qz-types.ts').Qz
  export default qz
}
