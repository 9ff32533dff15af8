// /privacy: the Privacy Policy (docs/screens.md, "Legal pages").
import { DATA_DELETION_DAYS, MINIMUM_AGE_YEARS } from '@stamina/core';
import { ROUTES } from '../../lib/app-constants.ts';
import { LegalLayout, type LegalSection } from './legal-layout.tsx';
import { ContactUs } from './operator-words.tsx';

const ADULT_AGE_YEARS = 18;

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'data-we-collect',
    title: 'Information We Collect',
    body: (
      <>
        <p>We collect only what we need to run Stamina for you:</p>
        <ul>
          <li>
            <strong>Account information:</strong> your name, email address and password. We store passwords
            only as a strong one-way hash, never in readable form.
          </li>
          <li>
            <strong>Profile and goals:</strong> details you choose to give, such as your sports, races, weekly
            availability, units, heart-rate and power settings, and dashboard preferences.
          </li>
          <li>
            <strong>Training and health data:</strong> workouts, plans, notes, heart rate, heart-rate
            variability, sleep, recovery and readiness information that you enter or that your connected
            devices send us.
          </li>
          <li>
            <strong>Connected services:</strong> when you connect a wearable or another service, the access
            tokens and the data that you authorize it to share with us.
          </li>
          <li>
            <strong>AI features:</strong> the messages, answers and voice recordings you send to the AI coach
            or the AI-guided onboarding.
          </li>
          <li>
            <strong>Technical data:</strong> your IP address, browser and device type, pages visited, error
            reports and similar logs that keep the Service secure and working.
          </li>
          <li>
            <strong>Local storage:</strong> your browser keeps your sign-in session and settings such as your
            theme. We do not use advertising cookies or cross-site trackers.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-we-use-data',
    title: 'How We Use Your Information',
    body: (
      <>
        <p>We use your information to:</p>
        <ul>
          <li>create and secure your account, and sign you in;</li>
          <li>
            build and adapt your training plan, and calculate your metrics, recovery and readiness scores;
          </li>
          <li>power the AI coach and the AI-guided onboarding;</li>
          <li>sync data with the devices and services you connect;</li>
          <li>send service messages, such as confirming your email address or resetting your password;</li>
          <li>
            answer support requests, fix problems, and understand how the Service is used so we can improve
            it;
          </li>
          <li>prevent fraud and abuse, and meet our legal obligations.</li>
        </ul>
        <p>
          We process your information to perform our contract with you, with your consent (for example for
          health data and device connections), for our legitimate interests in running a safe and useful
          service, and to comply with the law.{' '}
          <strong>We do not sell your personal data, and we do not use it for advertising.</strong>
        </p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'How We Share Your Information',
    body: (
      <>
        <p>We share personal data only in these cases:</p>
        <ul>
          <li>
            <strong>Service providers</strong> who host our systems, deliver email, process payments or
            provide AI models, under contracts that let them use the data only to provide their service to us.
          </li>
          <li>
            <strong>Services you connect</strong>, such as a wearable provider, to exchange the data you
            authorize.
          </li>
          <li>
            <strong>Other users</strong>, only for content you choose to share, such as a workout you publish
            to the template library.
          </li>
          <li>
            <strong>Legal reasons</strong>, when required by law or a valid legal request, or to protect the
            rights, safety and property of our users, the public or us.
          </li>
          <li>
            <strong>Business transfers</strong>, if we are involved in a merger, acquisition or sale of
            assets; we will tell you before your data becomes subject to a different privacy policy.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'your-controls',
    title: 'Your Controls and Choices',
    body: (
      <ul>
        <li>View and edit your profile, goals and preferences at any time in Settings.</li>
        <li>
          Connect or disconnect devices in Settings &gt; Device Connections. Disconnecting stops new data from
          flowing in.
        </li>
        <li>Edit or delete individual workouts, and stop sharing templates whenever you like.</li>
        <li>Choose not to use the AI coach or voice input; the rest of the Service keeps working.</li>
        <li>
          Delete your account, or ask for a copy of your data, by writing to us <ContactUs />.
        </li>
      </ul>
    ),
  },
  {
    id: 'security',
    title: 'Data Security',
    body: (
      <p>
        We protect your data with encryption in transit, hashed passwords, short-lived access tokens, access
        controls that keep each athlete’s data separate, and limits that slow down password-guessing. Only
        people who need access to run the Service can reach personal data. No system is perfectly secure, so
        we cannot guarantee absolute security; if a breach affects your personal data, we will notify you and
        the authorities as the law requires.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'Data Retention',
    body: (
      <p>
        We keep your personal data for as long as your account is open. When you delete your account, we
        remove your personal data within {DATA_DELETION_DAYS} days, including from our backups. We may keep a
        limited record for longer only where the law requires it (for example, billing records) or to resolve
        disputes and enforce our Terms, and we may keep information that has been aggregated or de-identified
        so that it can no longer be linked to you.
      </p>
    ),
  },
  {
    id: 'children',
    title: 'Children’s Privacy',
    body: (
      <p>
        Stamina is not meant for children under {MINIMUM_AGE_YEARS}, and we do not knowingly collect personal
        data from them. Users aged {MINIMUM_AGE_YEARS} to {ADULT_AGE_YEARS} may use Stamina only with the
        permission of a parent or guardian. If you believe a child under {MINIMUM_AGE_YEARS} has given us
        personal data, contact us <ContactUs /> and we will delete it.
      </p>
    ),
  },
  {
    id: 'international-transfers',
    title: 'International Data Transfers',
    body: (
      <p>
        We and our service providers may process your data in the United States and in other countries whose
        data protection laws may differ from those where you live. When we transfer personal data across
        borders, we use appropriate safeguards, such as the European Commission’s Standard Contractual
        Clauses, so that your data stays protected as this policy describes.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your Rights',
    body: (
      <>
        <p>Depending on where you live, you may have the right to:</p>
        <ul>
          <li>access the personal data we hold about you and receive a copy in a portable format;</li>
          <li>correct data that is inaccurate or incomplete;</li>
          <li>have your data deleted;</li>
          <li>object to or restrict certain processing;</li>
          <li>withdraw your consent at any time, without affecting processing that happened before;</li>
          <li>
            know what we collect and why, and not be treated differently for using your privacy rights we do
            not sell or share personal data for cross-context advertising;
          </li>
          <li>complain to your local data protection authority.</li>
        </ul>
        <p>
          To use any of these rights, write to us <ContactUs />. We may need to confirm your identity, and we
          will answer within the time the law requires.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to This Policy',
    body: (
      <p>
        We may update this policy as Stamina changes. If we make material changes, we will tell you by email
        or in the app before they take effect, and the “Last updated” date at the top of this page will
        change.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact Us',
    body: (
      <p>
        Questions about your privacy? Write to us <ContactUs />.
      </p>
    ),
  },
];

export function PrivacyPage() {
  return (
    <LegalLayout
      title="Privacy Policy"
      intro={
        <p>
          This policy explains what information Stamina collects when you use our website and app, how we use
          and share it, how we keep it safe, and the choices and rights you have. Training and health data are
          personal; we treat them that way.
        </p>
      }
      sections={SECTIONS}
      related={{ to: ROUTES.terms, label: 'Terms of Service' }}
    />
  );
}
