// Development default: the console falls back to VITE_API_URL, then http://localhost:8080.
// In production scripts/serve.mjs answers /config.js itself, from the API_URL environment variable.
window.__JAROG__ = window.__JAROG__ || {};
