// /workout-bank: the shared library of workout templates (docs/workout-bank.md, "Web page"). The browser itself
// lives in components/workout-bank, because the add-workout dialog opens it too, as a picker.
import { PageHeader } from '../../components/page-header.tsx';
import { WorkoutBankBrowser } from '../../components/workout-bank/workout-bank-browser.tsx';

export function WorkoutBankPage() {
  return (
    <div>
      <PageHeader title="Workout Bank" description="Proven sessions to search, save, rate and plan." />
      <WorkoutBankBrowser sidebar />
    </div>
  );
}
