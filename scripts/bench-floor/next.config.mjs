// The floor app of `npm run bench` (scripts/bench-reads.ts): nothing but Next.js's defaults, its build in
// .next-floor beside this file.
export default {
  distDir: ".next-floor",
};
