import { createFileRoute } from "@tanstack/react-router";
import { backupHealthQueryOptions } from "@/features/backups/api/getBackupHealth";
import { BackupAlert } from "@/features/backups/components/BackupAlert";
import { quoteOfTheDayQueryOptions } from "@/features/dashboard/api/getQuoteOfTheDay";
import { DashboardPage } from "@/features/dashboard/components/DashboardPage";
import { FIRST_LETTER_PAGES, laterLettersQueryOptions } from "@/features/later-letters/api/getLaterLetters";
import { LetterWaitingNotice } from "@/features/later-letters/components/LetterWaitingNotice";
import { latestMemoryQueryOptions } from "@/features/memories/api/getLatestMemory";
import { onThisDayQueryOptions } from "@/features/memories/api/getOnThisDay";
import { MemoryCard } from "@/features/memories/components/MemoryCard";
import { OnThisDayCard } from "@/features/memories/components/OnThisDayCard";
import { YourDayModal } from "@/features/my-day/components/YourDayModal";
import { nudgesQueryOptions } from "@/features/nudges/api/getNudges";
import { ThinkingOfYouCard } from "@/features/nudges/components/ThinkingOfYouCard";
import { latestQuestionQueryOptions } from "@/features/questions/api/getLatestQuestion";
import { guessRecordQueryOptions } from "@/features/questions/api/guesses";
import { GuessRecordNotice } from "@/features/questions/components/GuessRecordNotice";
import { QuestionCard } from "@/features/questions/components/QuestionCard";
import { sealedText } from "@/features/questions/slots";
import { useSession } from "@/features/session/useSession";
import { expiredFavoursQueryOptions } from "@/features/spank-bank/api/getExpiredFavours";
import { ExpiryToasts } from "@/features/spank-bank/components/ExpiryToasts";
import { streakQueryOptions } from "@/features/streak/api/getStreak";
import { StreakNotice } from "@/features/streak/components/StreakNotice";
import { visitsQueryOptions } from "@/features/visits/api/getVisits";
import { NextVisitNotice } from "@/features/visits/components/NextVisitNotice";
import { WorkoutModal } from "@/features/workouts/components/WorkoutModal";
import { whenSettled } from "@/lib/loaders";
import { partnerByResponseName, partnerOf } from "@/lib/partner";

export const Route = createFileRoute("/_auth/dashboard")({
  // Each card's read; a card that fails logs it and stops its 'Loading...' itself (SPEC section 8).
  loader: ({ context: { queryClient } }) =>
    whenSettled(
      queryClient.ensureQueryData(quoteOfTheDayQueryOptions),
      queryClient.ensureQueryData(latestMemoryQueryOptions),
      queryClient.ensureQueryData(latestQuestionQueryOptions),
      queryClient.ensureQueryData(onThisDayQueryOptions),
      queryClient.ensureQueryData(backupHealthQueryOptions),
      queryClient.ensureQueryData(visitsQueryOptions(1)),
      queryClient.ensureQueryData(laterLettersQueryOptions(FIRST_LETTER_PAGES)),
      queryClient.ensureQueryData(nudgesQueryOptions),
      queryClient.ensureQueryData(streakQueryOptions),
      queryClient.ensureQueryData(guessRecordQueryOptions),
      // The toast of a favour that expired: read with the rest (and preloaded with the page), not after it renders.
      queryClient.ensureQueryData(expiredFavoursQueryOptions),
    ),
  component: DashboardRoute,
});

function DashboardRoute() {
  const { signedIn } = Route.useRouteContext();
  // The session query, not the route's snapshot: saving "Your day" refreshes it, and the clocks with it.
  const { partners } = (useSession().current ?? signedIn).couple;
  const partner = partnerOf(signedIn).displayName;
  return (
    <DashboardPage
      signedIn={signedIn}
      partners={partners}
      notices={
        <>
          <BackupAlert />
          <ExpiryToasts me={signedIn.user.username} />
        </>
      }
      comingUp={
        <>
          <NextVisitNotice />
          <LetterWaitingNotice partnerName={partner} />
          <StreakNotice />
          <GuessRecordNotice />
        </>
      }
      cards={
        <>
          <ThinkingOfYouCard me={signedIn.user.displayName} partner={partner} />
          <MemoryCard />
          <QuestionCard partners={partners} me={signedIn.user.username} />
          <OnThisDayCard sealedText={(username) => sealedText(partnerByResponseName(signedIn, partners, username))} />
        </>
      }
      workout={(opened, onClose) => <WorkoutModal opened={opened} onClose={onClose} />}
      yourDay={(opened, onClose) => (
        <YourDayModal opened={opened} onClose={onClose} timeZone={signedIn.user.timeZone} partner={partner} />
      )}
    />
  );
}
