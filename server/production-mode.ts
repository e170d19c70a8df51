// Imported first by the production entry: React and other libraries choose their production build
// from process.env.NODE_ENV when they load, before our config is parsed.
process.env.NODE_ENV ??= "production";
