/** A love quote shown as the quote of the day (the dashboard card) or in the footer. */
export interface LoveQuote {
  /** The words; a verse's line breaks are "\n". */
  readonly quote: string;
  readonly author: string;
  /** Where the line comes from, or "original" for a line written for the app. */
  readonly source: string;
  /** The work when `source` names only a part of it (a verse of a book): quotes of one work are kept apart. */
  readonly work?: string;
  /** Mourns a death or a lost love: never shown on a festive date. */
  readonly elegy?: true;
}

/**
 * Bundled love quotes. Each one is either a verbatim line from a public-domain work (the
 * translations marked "translated" are the app's own) or an original line written for the app,
 * credited to "Spank Bank". Order does not matter: `quoteSchedule` arranges them.
 */
export const loveQuotes: readonly LoveQuote[] = [
  { quote: "Reader, I married him.", author: "Charlotte Brontë", source: "Jane Eyre" },
  { quote: "Being with you feels like exhaling after a long day.", author: "Spank Bank", source: "original" },
  {
    quote: "For, you see, each day I love you more:\nToday more than yesterday, and much less than tomorrow.",
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
      "My bounty is as boundless as the sea,\nMy love as deep; the more I give to thee,\nThe more I have, for both are infinite.",
    author: "William Shakespeare",
    source: "Romeo and Juliet",
  },
  {
    quote:
      "And stand together yet not too near together:\nFor the pillars of the temple stand apart,\nAnd the oak tree and the cypress grow not in each other's shadow.",
    author: "Kahlil Gibran",
    source: "The Prophet, On Marriage",
    work: "The Prophet",
  },
  { quote: "Our love has a passport, and by now it is very well stamped.", author: "Spank Bank", source: "original" },
  {
    quote: "Come live with me and be my love,\nAnd we will all the pleasures prove",
    author: "Christopher Marlowe",
    source: "The Passionate Shepherd to His Love",
  },
  {
    quote: "I have spread my dreams under your feet;\nTread softly because you tread on my dreams.",
    author: "W. B. Yeats",
    source: "He Wishes for the Cloths of Heaven",
  },
  { quote: "Kisses sent by text still count. I've checked the rules.", author: "Spank Bank", source: "original" },
  {
    quote: "Many waters cannot quench love, neither can the floods drown it",
    author: "The Song of Songs",
    source: "King James Bible, 8:7",
    work: "The Song of Songs",
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
      "Say I'm weary, say I'm sad,\nSay that health and wealth have miss'd me,\nSay I'm growing old, but add,\nJenny kiss'd me.",
    author: "Leigh Hunt",
    source: "Jenny Kiss'd Me",
  },
  {
    quote: "And so thy thoughts, when thou art gone,\nLove itself shall slumber on.",
    author: "Percy Bysshe Shelley",
    source: "Music, When Soft Voices Die",
    elegy: true,
  },
  {
    quote: "If ever two were one, then surely we.\nIf ever man were loved by wife, then thee.",
    author: "Anne Bradstreet",
    source: "To My Dear and Loving Husband",
  },
  {
    quote: "I still get butterflies, and frankly they should be paying rent by now.",
    author: "Spank Bank",
    source: "original",
  },
  {
    quote: "And yet, by heaven, I think my love as rare\nAs any she belied with false compare.",
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
    quote: "For love, all love of other sights controls,\nAnd makes one little room an everywhere.",
    author: "John Donne",
    source: "The Good-Morrow",
  },
  {
    quote: "Our love: two parts devotion, one part mischief, garnished with snacks.",
    author: "Spank Bank",
    source: "original",
  },
  {
    quote: "My true love hath my heart, and I have his,\nBy just exchange one for the other given",
    author: "Sir Philip Sidney",
    source: "The Countess of Pembroke's Arcadia",
  },
  {
    quote: "With love's light wings did I o'erperch these walls,\nFor stony limits cannot hold love out",
    author: "William Shakespeare",
    source: "Romeo and Juliet",
  },
  {
    quote: "I love you in every language, including the one where we just raise our eyebrows.",
    author: "Spank Bank",
    source: "original",
  },
  {
    quote: "And a voice less loud, through its joys and fears,\nThan the two hearts beating each to each!",
    author: "Robert Browning",
    source: "Meeting at Night",
  },
  {
    quote: "Because the birthday of my life\nIs come, my love is come to me.",
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
      "Drink to me only with thine eyes,\nAnd I will pledge with mine;\nOr leave a kiss but in the cup,\nAnd I'll not look for wine.",
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
    quote: "And I will luve thee still, my dear,\nTill a' the seas gang dry.",
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
    quote: "Love alters not with his brief hours and weeks,\nBut bears it out even to the edge of doom.",
    author: "William Shakespeare",
    source: "Sonnet 116",
  },
  {
    quote: "If thou must love me, let it be for nought\nExcept for love's sake only.",
    author: "Elizabeth Barrett Browning",
    source: "Sonnets from the Portuguese, 14",
  },
  { quote: "I saved you a spot in every future I imagine.", author: "Spank Bank", source: "original" },
  {
    quote:
      "And the sunlight clasps the earth,\nAnd the moonbeams kiss the sea:\nWhat is all this sweet work worth\nIf thou kiss not me?",
    author: "Percy Bysshe Shelley",
    source: "Love's Philosophy",
  },
  { quote: "You are my calm, my chaos, and my favourite inside joke.", author: "Spank Bank", source: "original" },
  {
    quote:
      "Our two souls therefore, which are one,\nThough I must go, endure not yet\nA breach, but an expansion,\nLike gold to airy thinness beat.",
    author: "John Donne",
    source: "A Valediction: Forbidding Mourning",
  },
  {
    quote:
      "Let me not to the marriage of true minds\nAdmit impediments. Love is not love\nWhich alters when it alteration finds",
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
  { quote: "Wheresoever she was, there was Eden.", author: "Mark Twain", source: "Eve's Diary", elegy: true },
  { quote: "Let's be the couple that still holds hands at ninety.", author: "Spank Bank", source: "original" },
  {
    quote: "I would not wish\nAny companion in the world but you.",
    author: "William Shakespeare",
    source: "The Tempest",
  },
  {
    quote:
      "Love one another, but make not a bond of love:\nLet it rather be a moving sea between the shores of your souls.",
    author: "Kahlil Gibran",
    source: "The Prophet, On Marriage",
    work: "The Prophet",
  },
  { quote: "You are my favourite notification.", author: "Spank Bank", source: "original" },
  {
    quote: "She walks in beauty, like the night\nOf cloudless climes and starry skies",
    author: "Lord Byron",
    source: "She Walks in Beauty",
  },
  {
    quote: "Who ever lov'd, that lov'd not at first sight?",
    author: "Christopher Marlowe",
    source: "Hero and Leander",
  },
  {
    quote: "But one man loved the pilgrim soul in you,\nAnd loved the sorrows of your changing face",
    author: "W. B. Yeats",
    source: "When You Are Old",
    elegy: true,
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
    work: "The Song of Songs",
  },
  {
    quote: "For thy sweet love remember'd such wealth brings\nThat then I scorn to change my state with kings.",
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
      "Pillow'd upon my fair love's ripening breast,\nTo feel for ever its soft fall and swell,\nAwake for ever in a sweet unrest",
    author: "John Keats",
    source: "Bright Star",
  },
  {
    quote: "I'd pick you over the window seat, and that is saying something.",
    author: "Spank Bank",
    source: "original",
  },
  {
    quote: "Shall I compare thee to a summer's day?\nThou art more lovely and more temperate",
    author: "William Shakespeare",
    source: "Sonnet 18",
  },
  {
    quote: "I fall for you a little more every morning, usually before coffee.",
    author: "Spank Bank",
    source: "original",
  },
  {
    quote: "Camerado, I give you my hand!\nI give you my love more precious than money",
    author: "Walt Whitman",
    source: "Song of the Open Road",
  },
  {
    quote: "I know what it is to live entirely for and with what I love best on earth.",
    author: "Charlotte Brontë",
    source: "Jane Eyre",
  },
  {
    quote: "I love thee to the depth and breadth and height\nMy soul can reach",
    author: "Elizabeth Barrett Browning",
    source: "Sonnets from the Portuguese, 43",
  },
  { quote: "Miles are just numbers. You are the constant.", author: "Spank Bank", source: "original" },
  {
    quote:
      "Doubt thou the stars are fire;\nDoubt that the sun doth move;\nDoubt truth to be a liar;\nBut never doubt I love.",
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
    quote: "I wonder, by my troth, what thou and I\nDid, till we lov'd?",
    author: "John Donne",
    source: "The Good-Morrow",
  },
  { quote: "Forever sounds short when I imagine it with you.", author: "Spank Bank", source: "original" },
  {
    quote: "Wild nights—Wild nights!\nWere I with thee\nWild nights should be\nOur luxury!",
    author: "Emily Dickinson",
    source: "Wild nights – Wild nights!",
  },
  {
    quote: "Good night, good night! Parting is such sweet sorrow,\nThat I shall say good night till it be morrow.",
    author: "William Shakespeare",
    source: "Romeo and Juliet",
  },
  {
    quote: "Good night from my side of the world; good morning to the best part of yours.",
    author: "Spank Bank",
    source: "original",
  },
  { quote: "Grow old along with me!\nThe best is yet to be", author: "Robert Browning", source: "Rabbi Ben Ezra" },
  {
    quote: "So fold thyself, my dearest, thou, and slip\nInto my bosom and be lost in me.",
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
      "Nothing in the world is single;\nAll things by a law divine\nIn one spirit meet and mingle.\nWhy not I with thine?",
    author: "Percy Bysshe Shelley",
    source: "Love's Philosophy",
  },
  {
    quote: "Had we but world enough and time,\nThis coyness, lady, were no crime.",
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
    quote: "Where whenas death shall all the world subdue,\nOur love shall live, and later life renew.",
    author: "Edmund Spenser",
    source: "Amoretti, Sonnet 75",
    elegy: true,
  },
  { quote: "Let's keep choosing each other, one ordinary day at a time.", author: "Spank Bank", source: "original" },
  {
    quote: "Love looks not with the eyes, but with the mind,\nAnd therefore is wing'd Cupid painted blind.",
    author: "William Shakespeare",
    source: "A Midsummer Night's Dream",
  },
  {
    quote: "But we loved with a love that was more than love—\nI and my Annabel Lee",
    author: "Edgar Allan Poe",
    source: "Annabel Lee",
    elegy: true,
  },
  { quote: "Loving you is the easiest thing I've ever been dramatic about.", author: "Spank Bank", source: "original" },
  {
    quote:
      "All thoughts, all passions, all delights,\nWhatever stirs this mortal frame,\nAll are but ministers of Love,\nAnd feed his sacred flame.",
    author: "Samuel Taylor Coleridge",
    source: "Love",
  },
  {
    quote: "O my Luve's like a red, red rose,\nThat's newly sprung in June",
    author: "Robert Burns",
    source: "A Red, Red Rose",
  },
  { quote: "You pierce my soul. I am half agony, half hope.", author: "Jane Austen", source: "Persuasion" },
  { quote: "You're the plot twist I would never rewrite.", author: "Spank Bank", source: "original" },
  { quote: "If music be the food of love, play on.", author: "William Shakespeare", source: "Twelfth Night" },
  {
    quote: "I love thee to the level of every day's\nMost quiet need, by sun and candle-light.",
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
    quote: "Busy old fool, unruly sun,\nWhy dost thou thus,\nThrough windows, and through curtains call on us?",
    author: "John Donne",
    source: "The Sun Rising",
  },
  { quote: "Eternity was in our lips and eyes", author: "William Shakespeare", source: "Antony and Cleopatra" },
  { quote: "The countdown to seeing you is my favourite kind of maths.", author: "Spank Bank", source: "original" },
  {
    quote: "No sooner met but they looked; no sooner looked but they loved; no sooner loved but they sighed",
    author: "William Shakespeare",
    source: "As You Like It",
  },
  {
    quote: "But if the while I think on thee, dear friend,\nAll losses are restored and sorrows end.",
    author: "William Shakespeare",
    source: "Sonnet 30",
  },
  { quote: "You have witchcraft in your lips, Kate", author: "William Shakespeare", source: "Henry V" },
  { quote: "Love is best.", author: "Robert Browning", source: "Love Among the Ruins" },
  {
    quote: "A thing of beauty is a joy for ever:\nIts loveliness increases; it will never\nPass into nothingness",
    author: "John Keats",
    source: "Endymion",
  },
  {
    quote: "The desire of the moth for the star,\nOf the night for the morrow",
    author: "Percy Bysshe Shelley",
    source: "One Word Is Too Often Profaned",
  },
  {
    quote:
      "The supreme happiness of life is the conviction that one is loved; loved for one's own sake—let us say rather, loved in spite of one's self",
    author: "Victor Hugo",
    source: "Les Misérables, translated by Isabel F. Hapgood (1887)",
  },
  {
    quote: "Everything, everything I understand, I understand only because I love.",
    author: "Leo Tolstoy",
    source: "War and Peace (1869), translated",
  },
  { quote: "All mankind love a lover.", author: "Ralph Waldo Emerson", source: "Essays: First Series, Love" },
  {
    quote: "There is no remedy for love but to love more.",
    author: "Henry David Thoreau",
    source: "Journal, 25 July 1839",
  },
  {
    quote: "What do we live for, if it is not to make life less difficult to each other?",
    author: "George Eliot",
    source: "Middlemarch",
  },
  {
    quote: "And at home by the fire, whenever you look up there I shall be—and whenever I look up, there will be you.",
    author: "Thomas Hardy",
    source: "Far from the Madding Crowd",
  },
  {
    quote:
      "Love seeketh not itself to please,\nNor for itself hath any care,\nBut for another gives its ease,\nAnd builds a Heaven in Hell's despair.",
    author: "William Blake",
    source: "The Clod and the Pebble",
  },
  {
    quote:
      "I would live in your love as the sea-grasses live in the sea,\nBorne up by each wave as it passes, drawn down by each wave that recedes",
    author: "Sara Teasdale",
    source: "I Would Live in Your Love",
  },
  {
    quote: "Love gives naught but itself and takes naught but from itself.",
    author: "Kahlil Gibran",
    source: "The Prophet, On Love",
    work: "The Prophet",
  },
  {
    quote: "Gather ye rosebuds while ye may,\nOld Time is still a-flying",
    author: "Robert Herrick",
    source: "To the Virgins, to Make Much of Time",
  },
  {
    quote: "All other things to their destruction draw,\nOnly our love hath no decay",
    author: "John Donne",
    source: "The Anniversary",
  },
  {
    quote:
      "A Book of Verses underneath the Bough,\nA Jug of Wine, a Loaf of Bread—and Thou\nBeside me singing in the Wilderness—\nOh, Wilderness were Paradise enow!",
    author: "Edward FitzGerald",
    source: "Rubáiyát of Omar Khayyám (1879)",
  },
  {
    quote: "I am my beloved's, and my beloved is mine",
    author: "The Song of Songs",
    source: "King James Bible, 6:3",
    work: "The Song of Songs",
  },
  {
    quote: "Whither thou goest, I will go; and where thou lodgest, I will lodge",
    author: "The Book of Ruth",
    source: "King James Bible, 1:16",
  },
  {
    quote: "She was a Phantom of delight\nWhen first she gleamed upon my sight",
    author: "William Wordsworth",
    source: "She Was a Phantom of Delight",
  },
  {
    quote: "And pluck till time and times are done,\nThe silver apples of the moon,\nThe golden apples of the sun.",
    author: "W. B. Yeats",
    source: "The Song of Wandering Aengus",
  },
  {
    quote: "'Tis better to have loved and lost\nThan never to have loved at all.",
    author: "Alfred, Lord Tennyson",
    source: "In Memoriam A. H. H.",
    elegy: true,
  },
  {
    quote: "In the spring a young man's fancy lightly turns to thoughts of love.",
    author: "Alfred, Lord Tennyson",
    source: "Locksley Hall",
  },
  {
    quote: "Kindred spirits are not so scarce as I used to think.",
    author: "L. M. Montgomery",
    source: "Anne of Green Gables",
  },
  {
    quote: "All human wisdom is summed up in these two words: wait and hope.",
    author: "Alexandre Dumas",
    source: "The Count of Monte Cristo (1844), translated",
  },
  {
    quote:
      "Love rules the court, the camp, the grove,\nAnd men below, and saints above;\nFor love is heaven, and heaven is love.",
    author: "Walter Scott",
    source: "The Lay of the Last Minstrel",
  },
  {
    quote: "No, the heart that has truly lov'd never forgets,\nBut as truly loves on to the close",
    author: "Thomas Moore",
    source: "Believe Me, If All Those Endearing Young Charms",
  },
  {
    quote: "And hand in hand, on the edge of the sand,\nThey danced by the light of the moon.",
    author: "Edward Lear",
    source: "The Owl and the Pussy-cat",
  },
  { quote: "Ah, love, let us be true\nTo one another!", author: "Matthew Arnold", source: "Dover Beach" },
  { quote: "For ever wilt thou love, and she be fair!", author: "John Keats", source: "Ode on a Grecian Urn" },
  { quote: "Love is a long conversation, and I never want to hang up.", author: "Spank Bank", source: "original" },
  { quote: "You are my favourite place to go when my mind goes wandering.", author: "Spank Bank", source: "original" },
  {
    quote: "We are proof that two ordinary people can make something extraordinary.",
    author: "Spank Bank",
    source: "original",
  },
  { quote: "I like us best on lazy mornings, when the world can wait.", author: "Spank Bank", source: "original" },
  { quote: "Your hand in mine is the shortest poem I know.", author: "Spank Bank", source: "original" },
  { quote: "Some days the bravest thing love does is make tea and listen.", author: "Spank Bank", source: "original" },
  { quote: "Every good thing in my week somehow has your name on it.", author: "Spank Bank", source: "original" },
  { quote: "I love the version of me that shows up when you're around.", author: "Spank Bank", source: "original" },
  {
    quote: "You laugh at my jokes before the punchline. That's love, or very good manners.",
    author: "Spank Bank",
    source: "original",
  },
  {
    quote: "A good relationship is two people who keep deciding to be kind.",
    author: "Spank Bank",
    source: "original",
  },
  { quote: "We don't need grand gestures. We have our inside jokes.", author: "Spank Bank", source: "original" },
  {
    quote: "I'd rather argue with you about dinner than agree with anyone else about anything.",
    author: "Spank Bank",
    source: "original",
  },
  { quote: "You make the quiet feel like company.", author: "Spank Bank", source: "original" },
  { quote: "With you, even the waiting is worth it.", author: "Spank Bank", source: "original" },
  {
    quote: "Love is showing up, again and again, in small ways nobody else notices.",
    author: "Spank Bank",
    source: "original",
  },
  {
    quote: "You are the first person I want to tell everything to, even the boring bits.",
    author: "Spank Bank",
    source: "original",
  },
  {
    quote: "Our story is my favourite one, and it's nowhere near the last chapter.",
    author: "Spank Bank",
    source: "original",
  },
  {
    quote: "I keep falling for you, and I've stopped looking for the brakes.",
    author: "Spank Bank",
    source: "original",
  },
  { quote: "You're my favourite hello and my hardest goodbye.", author: "Spank Bank", source: "original" },
  { quote: "Being loved by you makes me braver.", author: "Spank Bank", source: "original" },
  { quote: "We fit together like two odd socks that somehow make a pair.", author: "Spank Bank", source: "original" },
  {
    quote: "Home isn't a place. It's the sound of your laugh, in the next room or on the other end of the line.",
    author: "Spank Bank",
    source: "original",
  },
  { quote: "Every year with you is my new favourite year.", author: "Spank Bank", source: "original" },
  { quote: "You are my soft place to land.", author: "Spank Bank", source: "original" },
  {
    quote: "Let's make memories we'll argue about the details of when we're old.",
    author: "Spank Bank",
    source: "original",
  },
  {
    quote: "Love isn't finding someone perfect. It's finding someone who makes imperfect fun.",
    author: "Spank Bank",
    source: "original",
  },
  { quote: "The world is big, but it feels just right with you in it.", author: "Spank Bank", source: "original" },
  { quote: "You had me at your very first terrible pun.", author: "Spank Bank", source: "original" },
  {
    quote: "When you smile at me like that, I forget what I was going to say.",
    author: "Spank Bank",
    source: "original",
  },
  { quote: "You turn my worst days into stories we laugh about later.", author: "Spank Bank", source: "original" },
  {
    quote: "Thank you for loving the real me, and the hungry me, and the sleepy me.",
    author: "Spank Bank",
    source: "original",
  },
  {
    quote: "Our love is a small fire we keep tending, and it keeps us both warm.",
    author: "Spank Bank",
    source: "original",
  },
  { quote: "There is no one I would rather do nothing with.", author: "Spank Bank", source: "original" },
  { quote: "I'd still pick you, even on the days you hog the remote.", author: "Spank Bank", source: "original" },
  { quote: "Love is a verb, and you are fluent in it.", author: "Spank Bank", source: "original" },
  { quote: "You are the best decision I never had to think twice about.", author: "Spank Bank", source: "original" },
  {
    quote: "My favourite place in the world is next to you, wherever that turns out to be.",
    author: "Spank Bank",
    source: "original",
  },
];

/**
 * The festive dates (MM-DD in the couple's zone), each with its own two original lines, for the
 * Daily Quote card and the footer; the rotation waits for the next day.
 */
export const festiveQuotes: Readonly<Record<string, readonly [LoveQuote, LoveQuote]>> = {
  "12-24": [
    {
      quote:
        "On the night before Christmas, my only wish is already with me, beside me or at the other end of the call.",
      author: "Spank Bank",
      source: "original",
    },
    {
      quote: "Let's wrap ourselves in blankets and old stories, and leave the rest of the world outside.",
      author: "Spank Bank",
      source: "original",
    },
  ],
  "12-25": [
    {
      quote: "Merry Christmas, my love. You are the gift I never have to return.",
      author: "Spank Bank",
      source: "original",
    },
    { quote: "The best thing under any tree is the two of us, together.", author: "Spank Bank", source: "original" },
  ],
  "12-31": [
    {
      quote: "Here's to the last night of the year, and to every year still to come with you.",
      author: "Spank Bank",
      source: "original",
    },
    {
      quote: "Whatever the new year brings, I want to meet it holding your hand.",
      author: "Spank Bank",
      source: "original",
    },
  ],
  "01-01": [
    { quote: "A new year, a blank page, and you in every line of it.", author: "Spank Bank", source: "original" },
    { quote: "Happy New Year! Let's make this one our best chapter yet.", author: "Spank Bank", source: "original" },
  ],
  "02-14": [
    {
      quote: "Happy Valentine's Day to the one who makes every day feel like this one.",
      author: "Spank Bank",
      source: "original",
    },
    {
      quote: "Of all the love stories I know, ours is the one I would read again and again.",
      author: "Spank Bank",
      source: "original",
    },
  ],
};
