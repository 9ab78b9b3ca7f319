// Stylesheets are imported for their effect only (the bundler emits them as CSS files): there is nothing to type.
declare module '*.css';
