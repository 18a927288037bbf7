import { SIGNUP_SOURCE_KEY } from "@/lib/signup-source";
import { VISIT_VALUE_MAX_LENGTH } from "@/lib/validation/visit";

/** Where the landing page's beacon goes (app/api/visit/route.ts). */
export const VISIT_PATH = "/api/visit";

/**
 * The landing page's visit beacon, as the inline script it runs while the HTML is read: one POST per page
 * view, so a visitor who reloads or leaves at once is still counted, with no chunk to wait for. The page is
 * built once, so the build hashes this script into the page's CSP like Next's own inline scripts.
 *
 * It sends what the signup would carry: the source this visit already kept (lib/signup-source, from the
 * visit's first page), else this page's utm_source, personal link's code and referring host (this site's own
 * left out), cut as that file cuts them. The server applies the signup's checks and rule. sendBeacon posts it as text/plain (no
 * preflight, and it outlives the page); a page the browser prerenders waits until it is shown.
 */
export const VISIT_BEACON_SCRIPT = `(function(){function s(){try{var l=location,p=null,m=${VISIT_VALUE_MAX_LENGTH};try{p=JSON.parse(sessionStorage.getItem(${JSON.stringify(SIGNUP_SOURCE_KEY)}))}catch(e){}if(!p||typeof p!="object"){p={};var q=new URLSearchParams(l.search),u=q.get("utm_source"),r=q.get("ref");if(u&&u.trim())p.utmSource=u.trim().slice(0,m);if(r&&r.trim())p.ref=r.trim().slice(0,m);try{var h=document.referrer&&new URL(document.referrer).host;if(h&&h!==l.host)p.referrer=h.slice(0,m)}catch(e){}}var b=JSON.stringify({utmSource:p.utmSource||null,referrer:p.referrer||null,ref:p.ref||null});if(!(navigator.sendBeacon&&navigator.sendBeacon(${JSON.stringify(VISIT_PATH)},b)))fetch(${JSON.stringify(VISIT_PATH)},{method:"POST",body:b,keepalive:true,credentials:"same-origin"})}catch(e){}}document.prerendering?document.addEventListener("prerenderingchange",s,{once:true}):s()})()`;
