// The operator's words inside the legal pages (docs/screens.md, "Operator settings"): who "we" are and how to
// reach us, from the server's configuration, with neutral words where a setting is unset.
import { Link } from 'react-router';
import { useOperator } from '../../api/app/client-config.ts';
import { ROUTES } from '../../lib/app-constants.ts';

/** Who runs this server: OPERATOR_NAME, else "the operator of this server" (used mid-sentence). */
export function OperatorName() {
  return <>{useOperator()?.name ?? 'the operator of this server'}</>;
}

/** "at help@example.org" (SUPPORT_EMAIL), else "through the Support page". */
export function ContactUs() {
  const email = useOperator()?.support_email;
  if (email)
    return (
      <>
        at <a href={`mailto:${email}`}>{email}</a>
      </>
    );
  return (
    <>
      through the <Link to={ROUTES.support}>Support page</Link>
    </>
  );
}

/** The governing-law sentence: LEGAL_GOVERNING_LAW, else a neutral one naming no place. */
export function GoverningLaw() {
  const law = useOperator()?.governing_law;
  if (law)
    return (
      <p>
        These Terms and any dispute arising out of or relating to them or the Service are governed by {law},
        without regard to its conflict of law rules. Nothing in them takes away the protection that the
        mandatory rules of the country where you live give you as a consumer.
      </p>
    );
  return (
    <p>
      These Terms are governed by the law that applies to <OperatorName />, where this server is run. Nothing
      in them takes away the protection that the mandatory rules of the country where you live give you as a
      consumer, and you may bring a claim in the courts there.
    </p>
  );
}
