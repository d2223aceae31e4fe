// A worker (page-boot.js and app/firstLoad.ts start it): it makes the browser load its locale and
// time zone data, which a page's first Intl call otherwise loads on the main thread, in one piece of
// 100-190 ms on a phone's CPU. That data is shared by the page and its workers, so the page's own
// first formatters cost about 1 ms once this has run.
new Intl.NumberFormat().format(1234.5);
new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }).format(0);
new Intl.DateTimeFormat(undefined, { timeZone: "UTC", weekday: "short", hour: "2-digit", minute: "2-digit" }).format(0);
close();
