// Vite's raw imports (a file's text as a string), for tests that check two files agree.
declare module '*?raw' {
  const content: string;
  export default content;
}
