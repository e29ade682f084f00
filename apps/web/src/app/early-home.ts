import { api, CLIENT_D, HEADER, REQUEST_TIMEOUT_MS } from '@jinb/contract';
import { EARLY_KEY } from '../shared/api/early-response';
import { DEVICE_ID_PREFIX, DEVICE_KEY, makeDeviceId, SESSION_KEYS } from '../shared/session/storage';

/** The paths that open the home page ("/" redirects there). */
export const HOME_PATH = /^\/(app\/home\/?)?$/;

/** The path of the login page, whose frame index.html also draws before any module has downloaded. */
export const LOGIN_PATH = /^\/login\/?$/;

/**
 * The inline script index.html runs first, before any module has downloaded.
 *
 * On the login path, for a visitor without a session, it marks the document so index.html's frame of the login page
 * (title bar and greeting, in the page's own sizes) shows instead of the spinner: the page's text is on screen while
 * its code, the heaviest of the first screens, is still on its way.
 *
 * On the home path it:
 * - marks the document so its static frame (header, banner and notice places, tab bar) shows instead of the spinner;
 * - asks for the banners and notices with the client's headers (d, lang, device_no, and t when signed in) and
 *   parks the response for takeEarlyResponse;
 * - draws the first banner into the frame as soon as it is known. The banner is the largest thing on the first
 *   screen, and this way it does not wait for the app's code; the app then draws the same image (already loaded)
 *   in the same place.
 * The device id is made by shared/session/storage.ts's makeDeviceId, whose source is inlined here.
 */
export function firstScreenScript(lang: string): string {
  const headers = { [HEADER.d]: CLIENT_D, [HEADER.lang]: lang };
  return `(function(){
var t='';
try{t=sessionStorage.getItem(${JSON.stringify(SESSION_KEYS.token)})||''}catch(e){}
if(${LOGIN_PATH}.test(location.pathname)){if(!t)document.documentElement.classList.add('shell-login');return}
if(!${HOME_PATH}.test(location.pathname))return;
document.documentElement.classList.add('shell-home');
if(!window.fetch||!window.AbortController)return;
var h=${JSON.stringify(headers)},id='';
try{id=localStorage.getItem(${JSON.stringify(DEVICE_KEY)})||''}catch(e){}
if(id.indexOf(${JSON.stringify(DEVICE_ID_PREFIX)})!==0){
id=(${makeDeviceId.toString()})(navigator.userAgent);
try{localStorage.setItem(${JSON.stringify(DEVICE_KEY)},id)}catch(e){}
}
h[${JSON.stringify(HEADER.deviceNo)}]=id;
if(t)h[${JSON.stringify(HEADER.token)}]=t;
var c=new AbortController(),w=setTimeout(function(){c.abort(new DOMException('timeout','TimeoutError'))},${REQUEST_TIMEOUT_MS});
var p=fetch(${JSON.stringify(api.homeContent)},{headers:h,signal:c.signal,priority:'high'});
p.then(function(){clearTimeout(w)},function(){clearTimeout(w)});
var q=p.then(function(x){return x.clone()});q.catch(function(){});
(window.${EARLY_KEY}=window.${EARLY_KEY}||{})[${JSON.stringify(api.homeContent)}]=q;
p.then(function(x){return x.json()}).then(function(b){
var f=b&&b.status&&b.data&&b.data.banners&&b.data.banners[0];
if(!f||!f.image)return;
var draw=function(){var s=document.querySelector('.shell-banner');if(!s)return;
var i=new Image();i.width=750;i.height=300;i.alt=f.title||'';i.fetchPriority='high';i.decoding='sync';i.src=f.image;s.appendChild(i)};
if(document.readyState==='loading')document.addEventListener('DOMContentLoaded',draw);else draw();
}).catch(function(){});
})();`;
}
