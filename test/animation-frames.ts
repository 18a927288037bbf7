/**
 * Animation frames on whichever timers the test has running. motion keeps the requestAnimationFrame it finds when
 * it loads, before a test fakes its timers; this one looks setTimeout up at each frame, so moving fake timers on
 * moves the card and panel on too. Import it before anything that loads motion.
 */
window.requestAnimationFrame = (callback) => window.setTimeout(() => callback(performance.now()), 16);
window.cancelAnimationFrame = (handle) => window.clearTimeout(handle);

export {};
