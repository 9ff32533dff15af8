// /terms: the Terms of Service (docs/screens.md, "Legal pages").
import { MINIMUM_AGE_YEARS } from '@stamina/core';
import { Link } from 'react-router';
import { ROUTES, UPTIME_TARGET_PERCENT } from '../../lib/app-constants.ts';
import { LegalLayout, type LegalSection } from './legal-layout.tsx';
import { ContactUs, GoverningLaw, OperatorName } from './operator-words.tsx';

const ADULT_AGE_YEARS = 18;
const PRICE_CHANGE_NOTICE_DAYS = 30;
const TERMS_CHANGE_NOTICE_DAYS = 30;
const LIABILITY_LOOKBACK_MONTHS = 12;

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'acceptance',
    title: 'Acceptance of Terms',
    body: (
      <>
        <p>
          These Terms of Service (the “Terms”) are an agreement between you and <OperatorName />, who runs
          this Stamina server (“we”, “us”). They govern your use of this server’s website, web application and
          related services (together, the “Service”).
        </p>
        <p>
          By creating an account, ticking the box that says you agree, or otherwise using the Service, you
          accept these Terms and our <Link to={ROUTES.privacy}>Privacy Policy</Link>. If you do not agree, do
          not use the Service.
        </p>
      </>
    ),
  },
  {
    id: 'eligibility',
    title: 'Eligibility and Accounts',
    body: (
      <>
        <p>
          You must be at least {MINIMUM_AGE_YEARS} years old to use the Service. If you are at least{' '}
          {MINIMUM_AGE_YEARS} but under {ADULT_AGE_YEARS}, or under the age of majority where you live, you
          may use the Service only with the permission and supervision of a parent or legal guardian, who
          agrees to these Terms on your behalf and is responsible for your use of the Service.
        </p>
        <ul>
          <li>
            Each person may hold one account. Accounts are personal and may not be shared, sold or
            transferred.
          </li>
          <li>
            The information you give us when you sign up must be accurate, and you must keep it up to date.
          </li>
          <li>
            You are responsible for keeping your password secret and for everything that happens under your
            account. Tell us at once <ContactUs /> if you think someone else has used it.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'service',
    title: 'The Service',
    body: (
      <>
        <p>
          Stamina is a training tool for self-coached endurance athletes. Depending on your plan, it includes:
        </p>
        <ul>
          <li>personalized training plans that adapt to your progress and recovery;</li>
          <li>workout tracking, a training calendar and a configurable dashboard;</li>
          <li>workouts written in plain language and turned into intervals and training zones;</li>
          <li>a template library, including workouts that other athletes choose to share;</li>
          <li>metrics, analytics, recovery and readiness scores;</li>
          <li>an AI coach and an AI-guided onboarding;</li>
          <li>connections to wearable devices and third-party services.</li>
        </ul>
        <p>
          We improve the Service continuously, so features may be added, changed or removed. Features that
          rely on artificial intelligence produce automated suggestions that can be wrong or incomplete; use
          your own judgement before acting on them. Device connections depend on third-party providers, whose
          own terms apply to your use of their products and who may change or withdraw their services at any
          time.
        </p>
      </>
    ),
  },
  {
    id: 'conduct',
    title: 'Acceptable Use',
    body: (
      <>
        <p>When you use the Service you agree not to:</p>
        <ul>
          <li>break any law or anyone else’s rights, including privacy and intellectual property rights;</li>
          <li>upload content that is unlawful, harassing, hateful, misleading or sexually explicit;</li>
          <li>impersonate anyone, or misrepresent your connection with any person or organization;</li>
          <li>
            probe, scan or test the security of the Service, get around any access control or rate limit, or
            access accounts or data that are not yours;
          </li>
          <li>
            copy, scrape, reverse engineer or resell the Service, or access it by automated means other than
            the interfaces we provide;
          </li>
          <li>upload viruses or other harmful code, or put an unreasonable load on our systems;</li>
          <li>use the Service to build a competing product.</li>
        </ul>
        <p>We may remove content and restrict accounts that break these rules.</p>
      </>
    ),
  },
  {
    id: 'health',
    title: 'Health and Safety Disclaimer',
    body: (
      <>
        <p>
          <strong>Stamina is not a medical service and does not give medical advice.</strong> Training plans,
          scores, zones, AI coach answers and every other output of the Service are general fitness
          information. They do not diagnose, treat or prevent any disease or injury, and they are not a
          substitute for advice from a doctor or another qualified health professional.
        </p>
        <ul>
          <li>
            Talk to a doctor before starting or changing a training programme, especially if you are pregnant,
            have a heart condition or other medical condition, take medication, or have been inactive.
          </li>
          <li>
            Stop exercising and seek medical help if you feel chest pain, faintness, severe shortness of
            breath or any other worrying symptom. In an emergency, call your local emergency number.
          </li>
          <li>
            Metrics such as heart-rate variability, sleep, readiness and training load are estimates based on
            the data you and your devices provide, which may be incomplete or inaccurate.
          </li>
        </ul>
        <p>
          Endurance sport carries a risk of injury. You train at your own risk and remain responsible for
          deciding what is safe for you.
        </p>
      </>
    ),
  },
  {
    id: 'intellectual-property',
    title: 'Intellectual Property',
    body: (
      <>
        <p>
          The Service, including its software, design, text, graphics and the Stamina name and logo, belongs
          to its authors and licensors and is protected by law. We give you a personal, revocable,
          non-exclusive and non-transferable licence to use the Service for your own training, in line with
          these Terms.
        </p>
        <p>
          You keep ownership of the content you add, such as workouts, notes and profile details (“Your
          Content”). You give us a worldwide, royalty-free licence to host, store, process and display Your
          Content only as needed to run and improve the Service for you. If you share a workout to the
          template library, you also allow other Stamina users to view, copy and use it; you can stop sharing
          at any time, although copies others already saved may remain.
        </p>
        <p>If you send us feedback or ideas, we may use them without any obligation to you.</p>
      </>
    ),
  },
  {
    id: 'privacy',
    title: 'Privacy',
    body: (
      <p>
        Your privacy matters to us. Our <Link to={ROUTES.privacy}>Privacy Policy</Link> explains what personal
        data we collect, including health and fitness data, how we use and share it, and the choices and
        rights you have. It forms part of these Terms.
      </p>
    ),
  },
  {
    id: 'subscriptions',
    title: 'Subscriptions and Billing',
    body: (
      <>
        <p>You can start using Stamina for free. Some features need a paid subscription. If you subscribe:</p>
        <ul>
          <li>
            <strong>Billing in advance.</strong> Subscription fees are charged at the start of each billing
            period (for example monthly or yearly) to the payment method you provide.
          </li>
          <li>
            <strong>Automatic renewal.</strong> Your subscription renews automatically for another period of
            the same length, and you authorize the recurring charge, until you cancel.
          </li>
          <li>
            <strong>Cancellation.</strong> You may cancel at any time in your account settings. Cancellation
            takes effect at the end of the current billing period; you keep paid features until then, and you
            will not be charged again.
          </li>
          <li>
            <strong>No partial refunds.</strong> Payments are non-refundable, and we do not give refunds or
            credits for partly used periods or unused features, except where the law requires it.
          </li>
          <li>
            <strong>Price changes.</strong> We will tell you about any price change at least{' '}
            {PRICE_CHANGE_NOTICE_DAYS} days before it applies. The new price takes effect at the start of your
            next billing period after the notice; if you do not agree, you may cancel before then.
          </li>
          <li>Prices do not include taxes unless stated; you are responsible for any taxes that apply.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'availability',
    title: 'Service Availability',
    body: (
      <p>
        We aim to keep the Service available {UPTIME_TARGET_PERCENT}% of the time each month, not counting
        scheduled maintenance that we announce in advance. This is a target and not a guarantee: outages can
        happen, and third-party services such as device providers may be unavailable for reasons outside our
        control. Keep your own copy of any data you cannot afford to lose.
      </p>
    ),
  },
  {
    id: 'termination',
    title: 'Termination',
    body: (
      <>
        <p>
          You may stop using the Service and delete your account at any time. We may suspend or close your
          account, with notice where reasonable, if you seriously or repeatedly break these Terms, if the law
          requires it, or if your use puts other users or the Service at risk.
        </p>
        <p>
          When your account ends, your right to use the Service ends too, and we delete your personal data as
          described in our <Link to={ROUTES.privacy}>Privacy Policy</Link>. Sections that by their nature
          should survive, such as intellectual property, disclaimers, limitation of liability, governing law,
          arbitration and the class action waiver, continue to apply.
        </p>
      </>
    ),
  },
  {
    id: 'liability',
    title: 'Disclaimers and Limitation of Liability',
    body: (
      <>
        <p>
          The Service is provided “as is” and “as available”. To the fullest extent the law allows, we make no
          warranties of any kind, express or implied, including warranties of merchantability, fitness for a
          particular purpose, accuracy and non-infringement, and we do not promise any particular training or
          race result.
        </p>
        <p>
          To the fullest extent the law allows, we will not be liable for any indirect, incidental, special,
          consequential or punitive damages, or for any loss of data, profits, or goodwill, or for personal
          injury resulting from your training, arising out of or related to the Service.
        </p>
        <p>
          Our total liability for all claims arising out of or relating to these Terms or the Service is
          limited to the amount you paid us in the {LIABILITY_LOOKBACK_MONTHS} months before the event giving
          rise to the claim. Some places do not allow these limits, so they may not all apply to you.
        </p>
      </>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing Law',
    body: <GoverningLaw />,
  },
  {
    id: 'arbitration',
    title: 'Dispute Resolution and Arbitration',
    body: (
      <>
        <p>
          If you have a dispute with us, please write to us <ContactUs /> first; most concerns can be settled
          quickly that way. If we cannot resolve it within 60 days, you and we agree to resolve any dispute
          arising out of or relating to these Terms or the Service by final and binding arbitration on an
          individual basis, administered by the American Arbitration Association under its Consumer
          Arbitration Rules.
        </p>
        <ul>
          <li>
            The arbitration may take place by video, by phone, on written submissions, or in the county where
            you live.
          </li>
          <li>
            Either party may instead bring an individual claim in small claims court, and either party may
            seek an injunction in court to protect its intellectual property.
          </li>
          <li>
            You may opt out of this arbitration agreement by emailing us within 30 days of first accepting
            these Terms.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'class-action-waiver',
    title: 'Class Action Waiver',
    body: (
      <p>
        You and we each agree to bring claims against the other only in an individual capacity, and not as a
        plaintiff or class member in any purported class, collective, consolidated or representative
        proceeding. The arbitrator may not combine more than one person’s claims. If this waiver is found
        unenforceable for a claim, that claim must be decided in court and not in arbitration.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to These Terms',
    body: (
      <p>
        We may update these Terms from time to time. For material changes, we will give you at least{' '}
        {TERMS_CHANGE_NOTICE_DAYS} days’ notice by email or in the app before they take effect, and the “Last
        updated” date at the top of this page will change. If you keep using the Service after the changes
        take effect, you accept the updated Terms; if you do not agree, you may close your account before
        then.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact Us',
    body: (
      <p>
        Questions about these Terms? Write to us <ContactUs />.
      </p>
    ),
  },
];

export function TermsPage() {
  return (
    <LegalLayout
      title="Terms of Service"
      intro={
        <p>
          Please read these Terms carefully. They explain your rights and responsibilities when you use
          Stamina, and they include a binding arbitration agreement and a class action waiver that affect how
          disputes are resolved.
        </p>
      }
      sections={SECTIONS}
      related={{ to: ROUTES.privacy, label: 'Privacy Policy' }}
    />
  );
}
