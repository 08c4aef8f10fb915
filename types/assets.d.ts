// Stylesheets are imported for their side effect (style-loader injects them).
declare module '*.css';
