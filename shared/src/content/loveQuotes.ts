/** A love quote shown as the quote of the day and in the footer. */
export interface LoveQuote {
  readonly quote: string;
  readonly author: string;
  /** The work the line comes from, or "original" for a line written for the app. */
  readonly source: string;
}

/**
 * Bundled love quotes. Each one is either a verbatim line from a public-domain work (verse line
 * breaks shown as " / "; the one translation is the app's own) or an original line written for
 * the app, credited to "Spank Bank".
 *
 * The quote of the day walks this list in order, one a day, wrapping around, so it is kept in a
 * fixed shuffle where no author follows themselves, not even from the last quote to the first:
 * insert a new quote between two others by different authors.
 */
export const loveQuotes: readonly LoveQuote[] = [
  { quote: "Reader, I married him.", author: "Charlotte Brontë", source: "Jane Eyre" },
  { quote: "Being with you feels like exhaling after a long day.", author: "Spank Bank", source: "original" },
  {
    quote: "For, you see, each day I love you more: / Today more than yesterday, and much less than tomorrow.",
    author: "Rosemonde Gérard",
    source: "L'Éternelle Chanson (1889), translated",
  },
  {
    quote: "You make my heart do little cartwheels it definitely didn't train for.",
    author: "Spank Bank",
    source: "original",
  },
  {
    quote:
      "My bounty is as boundless as the sea, / My love as deep; the more I give to thee, / The more I have, for both are infinite.",
    author: "William Shakespeare",
    source: "Romeo and Juliet",
  },
  {
    quote:
      "And stand together yet not too near together: / For the pillars of the temple stand apart, / And the oak tree and the cypress grow not in each other's shadow.",
    author: "Kahlil Gibran",
    source: "The Prophet, On Marriage",
  },
  { quote: "Our love has a passport, and by now it is very well stamped.", author: "Spank Bank", source: "original" },
  {
    quote: "Come live with me and be my love, / And we will all the pleasures prove",
    author: "Christopher Marlowe",
    source: "The Passionate Shepherd to His Love",
  },
  {
    quote: "I have spread my dreams under your feet; / Tread softly because you tread on my dreams.",
    author: "W. B. Yeats",
    source: "He Wishes for the Cloths of Heaven",
  },
  { quote: "Kisses sent by text still count. I've checked the rules.", author: "Spank Bank", source: "original" },
  {
    quote: "Many waters cannot quench love, neither can the floods drown it",
    author: "The Song of Songs",
    source: "King James Bible, 8:7",
  },
  {
    quote: "I do love nothing in the world so well as you: is not that strange?",
    author: "William Shakespeare",
    source: "Much Ado About Nothing",
  },
  { quote: "If I loved you less, I might be able to talk about it more.", author: "Jane Austen", source: "Emma" },
  {
    quote: "I'd choose you in every timeline, including the ones where you steal the blanket.",
    author: "Spank Bank",
    source: "original",
  },
  {
    quote:
      "Say I'm weary, say I'm sad, / Say that health and wealth have miss'd me, / Say I'm growing old, but add, / Jenny kiss'd me.",
    author: "Leigh Hunt",
    source: "Jenny Kiss'd Me",
  },
  {
    quote: "And so thy thoughts, when thou art gone, / Love itself shall slumber on.",
    author: "Percy Bysshe Shelley",
    source: "Music, When Soft Voices Die",
  },
  {
    quote: "If ever two were one, then surely we. / If ever man were loved by wife, then thee.",
    author: "Anne Bradstreet",
    source: "To My Dear and Loving Husband",
  },
  {
    quote: "I still get butterflies, and frankly they should be paying rent by now.",
    author: "Spank Bank",
    source: "original",
  },
  {
    quote: "And yet, by heaven, I think my love as rare / As any she belied with false compare.",
    author: "William Shakespeare",
    source: "Sonnet 130",
  },
  {
    quote: "Somewhere between your city and mine, my heart keeps a seat warm for you.",
    author: "Spank Bank",
    source: "original",
  },
  {
    quote: "I have perceiv'd that to be with those I like is enough",
    author: "Walt Whitman",
    source: "I Sing the Body Electric",
  },
  {
    quote: "How do I love thee? Let me count the ways.",
    author: "Elizabeth Barrett Browning",
    source: "Sonnets from the Portuguese, 43",
  },
  {
    quote: "I'd share my fries with you, and that is the highest honour I can give.",
    author: "Spank Bank",
    source: "original",
  },
  {
    quote: "The course of true love never did run smooth.",
    author: "William Shakespeare",
    source: "A Midsummer Night's Dream",
  },
  { quote: "Wherever we are, we're on the same team.", author: "Spank Bank", source: "original" },
  {
    quote: "For love, all love of other sights controls, / And makes one little room an everywhere.",
    author: "John Donne",
    source: "The Good-Morrow",
  },
  {
    quote: "Our love: two parts devotion, one part mischief, garnished with snacks.",
    author: "Spank Bank",
    source: "original",
  },
  {
    quote: "My true love hath my heart, and I have his, / By just exchange one for the other given",
    author: "Sir Philip Sidney",
    source: "The Countess of Pembroke's Arcadia",
  },
  {
    quote: "With love's light wings did I o'erperch these walls, / For stony limits cannot hold love out",
    author: "William Shakespeare",
    source: "Romeo and Juliet",
  },
  {
    quote: "I love you in every language, including the one where we just raise our eyebrows.",
    author: "Spank Bank",
    source: "original",
  },
  {
    quote: "And a voice less loud, through its joys and fears, / Than the two hearts beating each to each!",
    author: "Robert Browning",
    source: "Meeting at Night",
  },
  {
    quote: "Because the birthday of my life / Is come, my love is come to me.",
    author: "Christina Rossetti",
    source: "A Birthday",
  },
  {
    quote:
      "I cannot exist without you—I am forgetful of every thing but seeing you again—my Life seems to stop there—I see no further.",
    author: "John Keats",
    source: "Letter to Fanny Brawne, October 1819",
  },
  { quote: "He's more myself than I am.", author: "Emily Brontë", source: "Wuthering Heights" },
  {
    quote: "Home is wherever your hand finds mine, even when it takes a plane ticket to get there.",
    author: "Spank Bank",
    source: "original",
  },
  {
    quote:
      "What greater thing is there for two human souls, than to feel that they are joined for life—to strengthen each other in all labour, to rest on each other in all sorrow…",
    author: "George Eliot",
    source: "Adam Bede",
  },
  { quote: "I have loved none but you.", author: "Jane Austen", source: "Persuasion" },
  {
    quote: "The best part of my day is the part with you in it, even if it's just a blurry video call.",
    author: "Spank Bank",
    source: "original",
  },
  { quote: "Journeys end in lovers meeting.", author: "William Shakespeare", source: "Twelfth Night" },
  { quote: "You make ordinary Tuesdays feel like a holiday.", author: "Spank Bank", source: "original" },
  {
    quote:
      "It is as if I had a string somewhere under my left ribs, tightly and inextricably knotted to a similar string situated in the corresponding quarter of your little frame.",
    author: "Charlotte Brontë",
    source: "Jane Eyre",
  },
  { quote: "You're my sunrise in one city and my sunset in another.", author: "Spank Bank", source: "original" },
  {
    quote:
      "Drink to me only with thine eyes, / And I will pledge with mine; / Or leave a kiss but in the cup, / And I'll not look for wine.",
    author: "Ben Jonson",
    source: "Song: To Celia",
  },
  {
    quote: "They do not love that do not show their love.",
    author: "William Shakespeare",
    source: "The Two Gentlemen of Verona",
  },
  { quote: "Every airport goodbye is just a promise of an airport hello.", author: "Spank Bank", source: "original" },
  {
    quote: "And I will luve thee still, my dear, / Till a' the seas gang dry.",
    author: "Robert Burns",
    source: "A Red, Red Rose",
  },
  { quote: "You're the reason I check the weather in two cities.", author: "Spank Bank", source: "original" },
  {
    quote: "You are part of my existence, part of myself. You have been in every line I have ever read",
    author: "Charles Dickens",
    source: "Great Expectations",
  },
  {
    quote: "Love alters not with his brief hours and weeks, / But bears it out even to the edge of doom.",
    author: "William Shakespeare",
    source: "Sonnet 116",
  },
  {
    quote: "If thou must love me, let it be for nought / Except for love's sake only.",
    author: "Elizabeth Barrett Browning",
    source: "Sonnets from the Portuguese, 14",
  },
  { quote: "I saved you a spot in every future I imagine.", author: "Spank Bank", source: "original" },
  {
    quote:
      "And the sunlight clasps the earth, / And the moonbeams kiss the sea: / What is all this sweet work worth / If thou kiss not me?",
    author: "Percy Bysshe Shelley",
    source: "Love's Philosophy",
  },
  { quote: "You are my calm, my chaos, and my favourite inside joke.", author: "Spank Bank", source: "original" },
  {
    quote:
      "Our two souls therefore, which are one, / Though I must go, endure not yet / A breach, but an expansion, / Like gold to airy thinness beat.",
    author: "John Donne",
    source: "A Valediction: Forbidding Mourning",
  },
  {
    quote:
      "Let me not to the marriage of true minds / Admit impediments. Love is not love / Which alters when it alteration finds",
    author: "William Shakespeare",
    source: "Sonnet 116",
  },
  {
    quote: "Love is the small stuff: a saved seat, a warm cup, a text to say you got home safe.",
    author: "Spank Bank",
    source: "original",
  },
  {
    quote: "I was in the middle before I knew that I had begun.",
    author: "Jane Austen",
    source: "Pride and Prejudice",
  },
  { quote: "Some people collect stamps. I collect your laughs.", author: "Spank Bank", source: "original" },
  { quote: "Wheresoever she was, there was Eden.", author: "Mark Twain", source: "Eve's Diary" },
  { quote: "Let's be the couple that still holds hands at ninety.", author: "Spank Bank", source: "original" },
  {
    quote: "I would not wish / Any companion in the world but you.",
    author: "William Shakespeare",
    source: "The Tempest",
  },
  {
    quote:
      "Love one another, but make not a bond of love: / Let it rather be a moving sea between the shores of your souls.",
    author: "Kahlil Gibran",
    source: "The Prophet, On Marriage",
  },
  { quote: "You are my favourite notification.", author: "Spank Bank", source: "original" },
  {
    quote: "She walks in beauty, like the night / Of cloudless climes and starry skies",
    author: "Lord Byron",
    source: "She Walks in Beauty",
  },
  {
    quote: "Who ever lov'd, that lov'd not at first sight?",
    author: "Christopher Marlowe",
    source: "Hero and Leander",
  },
  {
    quote: "But one man loved the pilgrim soul in you, / And loved the sorrows of your changing face",
    author: "W. B. Yeats",
    source: "When You Are Old",
  },
  {
    quote: "Thank you for being my person, on good hair days and otherwise.",
    author: "Spank Bank",
    source: "original",
  },
  {
    quote: "Rise up, my love, my fair one, and come away. For, lo, the winter is past, the rain is over and gone",
    author: "The Song of Songs",
    source: "King James Bible, 2:10–11",
  },
  {
    quote: "For thy sweet love remember'd such wealth brings / That then I scorn to change my state with kings.",
    author: "William Shakespeare",
    source: "Sonnet 29",
  },
  {
    quote: "Flirting with you is my favourite hobby, and I plan to go professional.",
    author: "Spank Bank",
    source: "original",
  },
  {
    quote:
      "Pillow'd upon my fair love's ripening breast, / To feel for ever its soft fall and swell, / Awake for ever in a sweet unrest",
    author: "John Keats",
    source: "Bright Star",
  },
  {
    quote: "I'd pick you over the window seat, and that is saying something.",
    author: "Spank Bank",
    source: "original",
  },
  {
    quote: "Shall I compare thee to a summer's day? / Thou art more lovely and more temperate",
    author: "William Shakespeare",
    source: "Sonnet 18",
  },
  {
    quote: "I fall for you a little more every morning, usually before coffee.",
    author: "Spank Bank",
    source: "original",
  },
  {
    quote: "Camerado, I give you my hand! / I give you my love more precious than money",
    author: "Walt Whitman",
    source: "Song of the Open Road",
  },
  {
    quote: "I know what it is to live entirely for and with what I love best on earth.",
    author: "Charlotte Brontë",
    source: "Jane Eyre",
  },
  {
    quote: "I love thee to the depth and breadth and height / My soul can reach",
    author: "Elizabeth Barrett Browning",
    source: "Sonnets from the Portuguese, 43",
  },
  { quote: "Miles are just numbers. You are the constant.", author: "Spank Bank", source: "original" },
  {
    quote:
      "Doubt thou the stars are fire; / Doubt that the sun doth move; / Doubt truth to be a liar; / But never doubt I love.",
    author: "William Shakespeare",
    source: "Hamlet",
  },
  {
    quote:
      "In vain have I struggled. It will not do. My feelings will not be repressed. You must allow me to tell you how ardently I admire and love you.",
    author: "Jane Austen",
    source: "Pride and Prejudice",
  },
  {
    quote: "My favourite adventure is the one where we grow old and silly together.",
    author: "Spank Bank",
    source: "original",
  },
  {
    quote: "I wonder, by my troth, what thou and I / Did, till we lov'd?",
    author: "John Donne",
    source: "The Good-Morrow",
  },
  { quote: "Forever sounds short when I imagine it with you.", author: "Spank Bank", source: "original" },
  {
    quote: "Wild nights—Wild nights! / Were I with thee / Wild nights should be / Our luxury!",
    author: "Emily Dickinson",
    source: "Wild nights – Wild nights!",
  },
  {
    quote: "Good night, good night! Parting is such sweet sorrow, / That I shall say good night till it be morrow.",
    author: "William Shakespeare",
    source: "Romeo and Juliet",
  },
  {
    quote: "Good night from my side of the world; good morning to the best part of yours.",
    author: "Spank Bank",
    source: "original",
  },
  { quote: "Grow old along with me! / The best is yet to be", author: "Robert Browning", source: "Rabbi Ben Ezra" },
  {
    quote: "So fold thyself, my dearest, thou, and slip / Into my bosom and be lost in me.",
    author: "Alfred, Lord Tennyson",
    source: "The Princess",
  },
  {
    quote: "Whatever our souls are made of, his and mine are the same.",
    author: "Emily Brontë",
    source: "Wuthering Heights",
  },
  { quote: "Two hearts, two time zones, one very stubborn love.", author: "Spank Bank", source: "original" },
  {
    quote:
      "Nothing in the world is single; / All things by a law divine / In one spirit meet and mingle. / Why not I with thine?",
    author: "Percy Bysshe Shelley",
    source: "Love's Philosophy",
  },
  {
    quote: "Had we but world enough and time, / This coyness, lady, were no crime.",
    author: "Andrew Marvell",
    source: "To His Coy Mistress",
  },
  { quote: "Even the moon looks better knowing you can see it too.", author: "Spank Bank", source: "original" },
  {
    quote: "I love you with so much of my heart that none is left to protest.",
    author: "William Shakespeare",
    source: "Much Ado About Nothing",
  },
  { quote: "You're the chai to my morning and the cuddle to my evening.", author: "Spank Bank", source: "original" },
  {
    quote: "Where whenas death shall all the world subdue, / Our love shall live, and later life renew.",
    author: "Edmund Spenser",
    source: "Amoretti, Sonnet 75",
  },
  { quote: "Let's keep choosing each other, one ordinary day at a time.", author: "Spank Bank", source: "original" },
  {
    quote: "Love looks not with the eyes, but with the mind, / And therefore is wing'd Cupid painted blind.",
    author: "William Shakespeare",
    source: "A Midsummer Night's Dream",
  },
  {
    quote: "But we loved with a love that was more than love— / I and my Annabel Lee",
    author: "Edgar Allan Poe",
    source: "Annabel Lee",
  },
  { quote: "Loving you is the easiest thing I've ever been dramatic about.", author: "Spank Bank", source: "original" },
  {
    quote:
      "All thoughts, all passions, all delights, / Whatever stirs this mortal frame, / All are but ministers of Love, / And feed his sacred flame.",
    author: "Samuel Taylor Coleridge",
    source: "Love",
  },
  {
    quote: "O my Luve's like a red, red rose, / That's newly sprung in June",
    author: "Robert Burns",
    source: "A Red, Red Rose",
  },
  { quote: "You pierce my soul. I am half agony, half hope.", author: "Jane Austen", source: "Persuasion" },
  { quote: "You're the plot twist I would never rewrite.", author: "Spank Bank", source: "original" },
  { quote: "If music be the food of love, play on.", author: "William Shakespeare", source: "Twelfth Night" },
  {
    quote: "I love thee to the level of every day's / Most quiet need, by sun and candle-light.",
    author: "Elizabeth Barrett Browning",
    source: "Sonnets from the Portuguese, 43",
  },
  {
    quote: "Every time zone is just another excuse to say good morning twice.",
    author: "Spank Bank",
    source: "original",
  },
  {
    quote:
      "I almost wish we were butterflies and lived but three summer days—three such days with you I could fill with more delight than fifty common years could ever contain.",
    author: "John Keats",
    source: "Letter to Fanny Brawne, July 1819",
  },
  {
    quote: "I'd cross oceans for you. Luckily, the airline does most of the work.",
    author: "Spank Bank",
    source: "original",
  },
  {
    quote: "Busy old fool, unruly sun, / Why dost thou thus, / Through windows, and through curtains call on us?",
    author: "John Donne",
    source: "The Sun Rising",
  },
  { quote: "Eternity was in our lips and eyes", author: "William Shakespeare", source: "Antony and Cleopatra" },
  { quote: "The countdown to seeing you is my favourite kind of maths.", author: "Spank Bank", source: "original" },
];
