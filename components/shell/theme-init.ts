// Not a "use client" module: the root layout (a server component) renders this script's text. Imported from
// theme.tsx (a client module), the string became a client reference that the browser resolves only once that
// module's chunk has loaded; hydrating the document before then failed now and then with React #418.

export const THEME_KEY = "theme";

/** Runs before paint (inline in <head>) so the stored theme shows without a flash. */
export const THEME_INIT_SCRIPT = `try{var t=localStorage.getItem("${THEME_KEY}");if(t==="dark"||(!t&&matchMedia("(prefers-color-scheme: dark)").matches))document.documentElement.classList.add("dark")}catch(e){}`;
