// Jest stand-in for the 'server-only' guard, which only resolves under React Server Components.
export {};
