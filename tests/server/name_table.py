"""A table of names for the name filter: harmless names it must accept, rude ones it must refuse.

Harmless: common first names in English and Spanish (with their accents and
nicknames), names that contain a rude word inside them (Scunthorpe,
Dickens, Shitake), party nicknames, and names with digits or other scripts.
Rude: words from the filter library's English and Spanish lists and our own
additions, each also in the disguises people use (case, spacing, digits and
signs for letters, stretched letters, look-alike letters from other scripts).
Choices: "Dick" is refused (the word, whatever else it is); "damn" is allowed.
"""

HARMLESS = [
    'Hancock', 'Sussex', 'Penistone', 'Arsenal', 'Clitheroe', 'Cockburn', 'Assad', 'Niggemann', 'J R R', 'Shih Tzu',
    'Ana', 'Bo', 'Noah', 'Mia', 'Amir', 'Olivia', 'Liam', 'Emma', 'Ava', 'Sophia', 'Isabella', 'Charlotte',
    'Amelia', 'Harper', 'Evelyn', 'Abigail', 'Emily', 'Ella', 'Elizabeth', 'Camila', 'Luna', 'Sofia',
    'Avery', 'Mila', 'Aria', 'Scarlett', 'Penelope', 'Layla', 'Chloe', 'Victoria', 'Madison', 'Eleanor',
    'Grace', 'Nora', 'Riley', 'Zoey', 'Hannah', 'Hazel', 'Lily', 'Ellie', 'Violet', 'Lillian', 'Zoe',
    'Stella', 'Aurora', 'Natalie', 'Emilia', 'Everly', 'Leah', 'Aubrey', 'Willow', 'Addison', 'Lucy',
    'Audrey', 'Bella', 'Nova', 'Brooklyn', 'Paisley', 'Savannah', 'Claire', 'Skylar', 'Isla', 'Genesis',
    'Naomi', 'Elena', 'Caroline', 'Eliana', 'Anna', 'Maya', 'Valentina', 'Ruby', 'Kennedy', 'Ivy', 'Ariana',
    'Aaliyah', 'Cora', 'Madelyn', 'Alice', 'Kinsley', 'Hailey', 'Gabriella', 'Allison', 'Gianna', 'Serenity',
    'Samantha', 'Sarah', 'Autumn', 'Quinn', 'Eva', 'Piper', 'Sophie', 'Sadie', 'Delilah', 'Josephine',
    'Nevaeh', 'Adeline', 'Arya', 'Emery', 'Lydia', 'Clara', 'Vivian', 'Madeline', 'Peyton', 'Julia', 'Rylee',
    'Brielle', 'Reagan', 'Natalia', 'Jade', 'Athena', 'Maria', 'Leilani', 'Everleigh', 'Liliana', 'Melanie',
    'Mackenzie', 'Hadley', 'Raelynn', 'Kaylee', 'Rose', 'Arianna', 'Isabelle', 'Melody', 'Eliza', 'Lyla',
    'Katherine', 'Aubree', 'Adalynn', 'Kylie', 'Faith', 'Mary', 'Margaret', 'Ximena', 'Iris', 'Alexandra',
    'Jasmine', 'Charlie', 'Amaya', 'Taylor', 'Isabel', 'Ashley', 'Khloe', 'Ryleigh', 'Alexa', 'Amara',
    'Valeria', 'Andrea', 'Parker', 'Norah', 'Eden', 'Elliana', 'Brianna', 'Emersyn', 'Valerie', 'Anastasia',
    'Eloise', 'Emerson', 'Cecilia', 'Remi', 'Josie', 'Alina', 'Reese', 'Bailey', 'Lucia', 'Adalyn', 'Molly',
    'Ayla', 'Sara', 'Daisy', 'London', 'Jordyn', 'Esther', 'Genevieve', 'Harmony', 'Annabelle', 'Alyssa',
    'Ariel', 'Aliyah', 'Oliver', 'Elijah', 'James', 'William', 'Benjamin', 'Lucas', 'Henry', 'Theodore',
    'Jack', 'Levi', 'Alexander', 'Jackson', 'Mateo', 'Daniel', 'Michael', 'Mason', 'Sebastian', 'Ethan',
    'Logan', 'Owen', 'Samuel', 'Jacob', 'Asher', 'Aiden', 'John', 'Joseph', 'Wyatt', 'David', 'Leo', 'Luke',
    'Julian', 'Hudson', 'Grayson', 'Matthew', 'Ezra', 'Gabriel', 'Carter', 'Isaac', 'Jayden', 'Luca',
    'Anthony', 'Dylan', 'Lincoln', 'Thomas', 'Maverick', 'Elias', 'Josiah', 'Charles', 'Caleb',
    'Christopher', 'Ezekiel', 'Miles', 'Jaxon', 'Isaiah', 'Andrew', 'Joshua', 'Nathan', 'Nolan', 'Adrian',
    'Cameron', 'Santiago', 'Eli', 'Aaron', 'Ryan', 'Angel', 'Cooper', 'Waylon', 'Easton', 'Kai', 'Christian',
    'Landon', 'Colton', 'Roman', 'Axel', 'Brooks', 'Jonathan', 'Robert', 'Jameson', 'Ian', 'Everett',
    'Greyson', 'Wesley', 'Jeremiah', 'Hunter', 'Leonardo', 'Jordan', 'Jose', 'Bennett', 'Silas', 'Nicholas',
    'Beau', 'Weston', 'Austin', 'Connor', 'Carson', 'Dominic', 'Xavier', 'Jaxson', 'Jace', 'Emmett', 'Adam',
    'Declan', 'Rowan', 'Micah', 'Kayden', 'Gael', 'River', 'Ryder', 'Kingston', 'Damian', 'Sawyer', 'Luka',
    'Evan', 'Vincent', 'Legend', 'Myles', 'Harrison', 'August', 'Bryson', 'Giovanni', 'Chase', 'Diego',
    'Milo', 'Jasper', 'Walker', 'Jason', 'Brayden', 'Cole', 'Nathaniel', 'George', 'Lorenzo', 'Zion', 'Luis',
    'Archer', 'Enzo', 'Jonah', 'Thiago', 'Theo', 'Ayden', 'Zachary', 'Calvin', 'Braxton', 'Ashton', 'Rhett',
    'Atlas', 'Jude', 'Bentley', 'Carlos', 'Ryker', 'Adriel', 'Arthur', 'Ace', 'Tyler', 'Jayce', 'Max',
    'Elliot', 'Graham', 'Kaiden', 'Maxwell', 'Juan', 'Dean', 'Matteo', 'Malachi', 'Ivan', 'Elliott', 'Jesus',
    'Emiliano', 'Messiah', 'Gavin', 'Maddox', 'Camden', 'Hayden', 'Leon', 'Antonio', 'Justin', 'Tucker',
    'Brandon', 'Kevin', 'Judah', 'Finn', 'King', 'Brody', 'Xander', 'Nicolas', 'Arlo', 'Patrick', 'Lucía',
    'Martina', 'María', 'Paula', 'Daniela', 'Alba', 'Carmen', 'Noa', 'Claudia', 'Irene', 'Adriana', 'Laia',
    'Jimena', 'Vega', 'Marta', 'Candela', 'Inés', 'Ainhoa', 'Pilar', 'Paloma', 'Rocío', 'Dolores',
    'Consuelo', 'Mercedes', 'Concepción', 'Concha', 'Macarena', 'Begoña', 'Nerea', 'Itziar', 'Amparo',
    'Asunción', 'Inmaculada', 'Montserrat', 'Guadalupe', 'Socorro', 'Hugo', 'Martín', 'Pablo', 'Álvaro',
    'Alejandro', 'Mario', 'Manuel', 'Adrián', 'Marcos', 'Javier', 'Iker', 'Izan', 'Sergio', 'Jorge',
    'Gonzalo', 'Rodrigo', 'Raúl', 'Íñigo', 'Aitor', 'Unai', 'Joaquín', 'Ignacio', 'Fermín', 'Cayetano',
    'Bartolomé', 'Jacinto', 'Nieves', 'Pepe', 'Paco', 'Chema', 'Lola', 'Pili', 'Charo', 'Toñi', 'Nacho',
    'Chus', 'Fanny', 'Dickens', 'Benedict', 'Titus', 'Cassandra', 'Hitomi', 'Assunta', 'Shitake', 'Kuntz',
    'Scunthorpe', 'Matsushita', 'P0 455', 'R2D2', 'Ana 2', 'Bo!', 'Zoë', 'José', 'Ольга', '李小龙', 'Ana-Lucía',
    'Mary Jane', 'DJ Pizza', 'Pizza Queen', 'Captain Crust', 'Señor Queso', 'La Reina',
]

RUDE = [
    'fuck', 'FuCk', 'F U C K', 'f.u.c.k', 'fuuuck', 'fvck', 'phuck', 'Fuckface', 'Mr Fuckers',
    'motherfucker', 'shit', 's h i t', 'sh1t', '$h!t', 'shiiit', 'bullshit', 'bitch', 'b1tch', 'biiitch',
    'B I T C H', 'a55hole', 'asshole', 'arsehole', 'cunt', 'c u n t', 'twat', 'wanker', 'whore', 'wh0re',
    'slut', 'dick', 'd1ck', 'diiick', 'D I C K', 'dickhead', 'cock', 'c0ck', 'pussy', 'bastard', 'b@stard',
    'nigger', 'n1gger', 'faggot', 'fag', 'porn', 'p0rn', 'penis', 'vagina', 'tits', 'boobs', 'nazi',
    'hitler', 'retard', 'dumbass', 'jackass', 'piss', 'pissed', 'crap', 'douche', 'puta', 'PUTA', 'p u t a',
    'put4', 'puuuta', 'hijo de puta', 'hijoputa', 'mierda', 'm1erda', 'mierdaaa', 'pendejo', 'pendeja',
    'p3ndejo', 'gilipollas', 'gilip0llas', 'cabron', 'cabrón', 'coño', 'cono', 'joder', 'jodete', 'culo',
    'cul0', 'verga', 'polla', 'chocho', 'marica', 'maricón', 'mamón', 'zorra', 'z0rra', 'malparido',
    'chingada', 'ｐｕｔａ', 'рuta',
]
