// The couple's questions, by job: the bank and its rotation, asking and answering, and posting in
// Discord (the daily question). `@spankbank/db/questions` is this file.
export {
  type Answer,
  type AskedQuestion,
  answerQuestion,
  askQuestion,
  type GivenAnswer,
  type Guess,
  giveAnswer,
  latestQuestion,
  latestQuestionShownAt,
  latestRevealedQuestion,
  listQuestions,
  type NewAnswer,
  type Question,
  questionById,
} from "./asking.js";
export {
  addBankQuestion,
  type BankEntry,
  type BankQuestion,
  inSeason,
  nextBankQuestion,
  type QuestionDay,
  questionFits,
  seedQuestionBank,
  shuffleKey,
} from "./bank.js";
export {
  type GuessRatingGiven,
  type GuessRecord,
  guessRecord,
  type RatedGuess,
  rateGuess,
} from "./guesses.js";
export {
  adoptQuestionPost,
  askNextQuestion,
  askQuestionNow,
  dailyQuestionToPost,
  QUESTION_NOW_COOLDOWN_MS,
  type QuestionRules,
  type QuestionToPost,
  questionIdByDiscordMessage,
  recordQuestionMessage,
  unpostedEarlierDailyQuestions,
  withdrawUnpostedDailyQuestion,
  withdrawUnpostedQuestion,
} from "./post.js";
