// The policy texts (service, privacy, broadcast and viewer rules), one file per language under
// policies/<locale>/<policy>.md: the first line is the title ('# ...'), the rest the body. Korean is the
// binding text; the others translate it. {{name}} fields are filled from the brand's configuration, so every
// brand publishes them under its own service and company name and contacts.

import type { Brand } from '../../shared/brand-schema';
import type { Locale } from '../../shared/locales';
import type { PolicyText } from '../../shared/api-schemas';
import koServiceRules from '../../../policies/ko/service-rules.md';
import koPrivacyRules from '../../../policies/ko/privacy-rules.md';
import koBroadcastRules from '../../../policies/ko/broadcast-rules.md';
import koViewerRules from '../../../policies/ko/viewer-rules.md';
import enServiceRules from '../../../policies/en/service-rules.md';
import enPrivacyRules from '../../../policies/en/privacy-rules.md';
import enBroadcastRules from '../../../policies/en/broadcast-rules.md';
import enViewerRules from '../../../policies/en/viewer-rules.md';
import zhServiceRules from '../../../policies/zh/service-rules.md';
import zhPrivacyRules from '../../../policies/zh/privacy-rules.md';
import zhBroadcastRules from '../../../policies/zh/broadcast-rules.md';
import zhViewerRules from '../../../policies/zh/viewer-rules.md';
import jaServiceRules from '../../../policies/ja/service-rules.md';
import jaPrivacyRules from '../../../policies/ja/privacy-rules.md';
import jaBroadcastRules from '../../../policies/ja/broadcast-rules.md';
import jaViewerRules from '../../../policies/ja/viewer-rules.md';
import thServiceRules from '../../../policies/th/service-rules.md';
import thPrivacyRules from '../../../policies/th/privacy-rules.md';
import thBroadcastRules from '../../../policies/th/broadcast-rules.md';
import thViewerRules from '../../../policies/th/viewer-rules.md';
import koYouthProtection from '../../../policies/ko/youth-protection.md';
import enYouthProtection from '../../../policies/en/youth-protection.md';
import koOperatingPolicy from '../../../policies/ko/operating-policy.md';
import enOperatingPolicy from '../../../policies/en/operating-policy.md';

/** service-rules is the terms of use; youth-protection and operating-policy exist in ko and en (the rest read Korean). */
export const POLICIES = ['service-rules', 'privacy-rules', 'broadcast-rules', 'viewer-rules', 'youth-protection', 'operating-policy'] as const;
export type Policy = (typeof POLICIES)[number];

/** Korean has every policy; another language has the ones translated so far, and falls back to Korean for the rest. */
const TEXTS: { ko: Record<Policy, string> } & Record<Exclude<Locale, 'ko'>, Partial<Record<Policy, string>>> = {
  ko: {
    'service-rules': koServiceRules,
    'privacy-rules': koPrivacyRules,
    'broadcast-rules': koBroadcastRules,
    'viewer-rules': koViewerRules,
    'youth-protection': koYouthProtection,
    'operating-policy': koOperatingPolicy,
  },
  en: {
    'service-rules': enServiceRules,
    'privacy-rules': enPrivacyRules,
    'broadcast-rules': enBroadcastRules,
    'viewer-rules': enViewerRules,
    'youth-protection': enYouthProtection,
    'operating-policy': enOperatingPolicy,
  },
  zh: { 'service-rules': zhServiceRules, 'privacy-rules': zhPrivacyRules, 'broadcast-rules': zhBroadcastRules, 'viewer-rules': zhViewerRules },
  ja: { 'service-rules': jaServiceRules, 'privacy-rules': jaPrivacyRules, 'broadcast-rules': jaBroadcastRules, 'viewer-rules': jaViewerRules },
  th: { 'service-rules': thServiceRules, 'privacy-rules': thPrivacyRules, 'broadcast-rules': thBroadcastRules, 'viewer-rules': thViewerRules },
};

/** The brand's fields a policy may name. */
function fieldsOf(brand: Brand, currencyName: string): Record<string, string> {
  return {
    serviceName: brand.serviceName,
    companyName: brand.companyName,
    representative: brand.representative,
    companyRegistrationNumber: brand.companyRegistrationNumber,
    address: brand.address,
    phone: brand.phone,
    email: brand.email,
    url: brand.url,
    currencyName,
  };
}

/** A policy in a language, filled in for a brand. An unknown field stays visible rather than vanishing. */
export function policyText(policy: Policy, locale: Locale, brand: Brand, currencyName: string): PolicyText {
  const fields = fieldsOf(brand, currencyName);
  const translated = TEXTS[locale][policy];
  const text = (translated ?? TEXTS.ko[policy]).replace(/\{\{(\w+)\}\}/g, (whole, name: string) => fields[name] ?? whole);
  const [first = '', ...rest] = text.split('\n');
  return { title: first.replace(/^#\s*/, '').trim(), body: rest.join('\n').trim(), locale: translated ? locale : 'ko' };
}
