import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { DEFAULT_TIME_ZONE, isTimeZone, TIME_ZONE_COOKIE } from "./dates";
import { isLocale, LOCALE_COOKIE, localeFromAcceptLanguage } from "./locales";

// No locale in the URL (STYLE.md): the cookie set at login or by the language chooser, else the browser's.
// The time zone is the browser's, from the cookie it sets (components/i18n/time-zone-cookie.tsx), else UTC.
export default getRequestConfig(async () => {
  const jar = await cookies();
  const fromCookie = jar.get(LOCALE_COOKIE)?.value;
  const locale = isLocale(fromCookie) ? fromCookie : localeFromAcceptLanguage((await headers()).get("accept-language"));
  const zone = jar.get(TIME_ZONE_COOKIE)?.value;
  return {
    locale,
    timeZone: isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE,
    messages: (await import(`../../messages/${locale}.json`)).default,
  };
});
