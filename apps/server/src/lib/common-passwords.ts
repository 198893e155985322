// A longer list of common passwords than the contracts' short one (checked on the server only).
// Lower case; only entries of 8 characters or more matter, shorter ones fail the length rule.
export const SERVER_COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  `
  password password1 password12 password123 password1234 passw0rd p@ssw0rd p@ssword pa55word pa$$word
  12345678 123456789 1234567890 0123456789 987654321 9876543210 87654321 11111111 111111111
  1111111111 00000000 000000000 22222222 33333333 44444444 55555555 66666666 77777777 88888888
  99999999 12341234 11223344 12121212 12344321 12312312 123123123 123456123 123qweasd 1q2w3e4r
  1q2w3e4r5t 1q2w3e4r5t6y 1qaz2wsx 1qazxsw2 zaq12wsx zaq1zaq1 xsw21qaz qazwsxedc qwertyui qwertyuiop
  qwerty12 qwerty123 qwerty1234 qwertyu1 qwerty11 qweasdzxc qweasd123 qwe12345 qwe123qwe asdfghjk
  asdfghjkl asdf1234 asdfasdf asd12345 zxcvbnm1 zxcvbnmm zxcvbn123 abcd1234 abc12345 abc123456
  abcdefgh abcdefg1 a1b2c3d4 aa123456 aaaaaaaa iloveyou iloveyou1 iloveyou2 iloveu123 sunshine
  sunshine1 princess princess1 football football1 baseball baseball1 basketball soccer123 hockey123
  welcome1 welcome123 welcome12 admin123 admin1234 administrator letmein1 letmein123 trustno1
  superman superman1 starwars starwars1 batman123 spiderman pokemon123 michael1 jennifer jessica1
  michelle charlie1 jordan23 thomas12 master12 master123 mastermind dragon12 dragon123 monkey12
  monkey123 shadow12 shadow123 freedom1 whatever whatever1 changeme changeme1 computer computer1
  internet samsung1 samsung123 google123 chocolate butterfly cookie123 pepper123 ginger12 flower123
  purple12 orange12 banana12 cheese12 chelsea1 liverpool arsenal1 manchester barcelona1 realmadrid
  juventus mercedes ferrari1 corvette mustang1 harley12 yankees1 cowboys1 steelers eagles12 patriots
  lakers24 redsox12 tigers12 bulldogs marlboro matrix12 killer12 hunter12 hunter123 ranger12 buster12
  tigger12 maggie12 snoopy12 bailey12 buddy123 lucky123 angel123 angels12 babygirl babygirl1
  sweetheart sweetie1 lovely12 lovelove loveyou1 love1234 iloveme1 friends1 family12 forever1
  blessed1 jesus123 jesuschrist christ12 heaven12 trinity1 mother12 father12 summer12 summer2020
  summer2021 summer2022 summer2023 summer2024 summer2025 winter12 winter2024 spring12 autumn12
  january1 february december november october1 september august12 july2024 password2020 password2021
  password2022 password2023 password2024 password2025 password2026 marquee1 marquee123 marquee2026
  qwerty2024 secret12 secret123 secret1234 private1 security1 letmein12 access14 access123 login123
  loginlogin passpass pass1234 pass12345 passport password! password1! password@1 qwerty!@ qwerty!1
  1234qwer 1234abcd 1234asdf 12345qwert 12345abc 12345678a a12345678 q1w2e3r4 q1w2e3r4t5 z1x2c3v4
  football123 baseball123 soccer12 golfer12 tennis12 ncc1701d startrek babylon5 gandalf1 frodo123
  hobbit12 hogwarts harrypotter pokemon1 pikachu1 naruto12 minecraft fortnite1 roblox123 zelda123
  mario123 sonic123 nintendo playstation xbox3600 gamer123 hello123 hello1234 helloworld welcome!
  greenday metallica nirvana1 beatles1 rockstar rockyou1 qwertyqwerty asdfghjkl1 zxcvbnm123 7777777a
  unknown1 default1 default123 guest123 test1234 testtest tester12 testing1 testing123 temp1234
  temporary abcdefg123 qwerty01 qwerty007 bond0070 superstar superhero wonderwoman ironman1 captain1
  phoenix1 lonewolf blackcat whitecat silver12 golden12 diamond1 crystal1 platinum sapphire1 emerald1
  rainbow1 sunflower snowball snowflake thunder1 lightning hurricane tornado1 midnight midnight1
  darkness darkside1 starlight moonlight1 sunset12 nicole12 daniel12 andrew12 joshua12 matthew1
  anthony1 william1 robert12 richard1 charles1 jackson1 hannah12 ashley12 amanda12 samantha sophie12
  natasha1 victoria alexander alexandra elizabeth1 isabella christian1 jonathan1 benjamin1 nathan12
  qazwsx123 zaq1xsw2 1qa2ws3ed asdqwe123 qweqweqwe 123qwe123 qwe123456 123456qwe 123456789a 1234567a
`
    .split(/\s+/)
    .filter(Boolean),
);
